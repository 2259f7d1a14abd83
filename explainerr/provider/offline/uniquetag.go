package offline

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A unique index an ORM's model declares in its struct tags (gorm's
// `gorm:"uniqueIndex:idx_comments_article_user"` on ArticleID and
// UserID) is part of the schema the app makes: a duplicate of it is
// what that declaration forbids. Whether the declaration is right (one
// comment per user and article) or the write is wrong is the app's
// choice; the explanation shows the declaration, not a guess.

// uniqueTagRe finds a unique index or constraint in a gorm tag, with the
// index's name when it has one (xormUniqueRe: in an xorm tag).
var uniqueTagRe = regexp.MustCompile(`(?i)\bunique(?:Index)?(?::([\w]+))?\b`)

// xormUniqueRe finds a unique index in an xorm tag ("unique" or
// "unique(name)", the name shared by the fields of one index).
var xormUniqueRe = regexp.MustCompile(`(?i)(?:^|\s)unique(?:\((\w+)\))?(?:\s|$)`)

// xormKeywords are the words of an xorm tag that are not a column's name.
var xormKeywords = map[string]bool{"not": true, "null": true, "pk": true, "autoincr": true, "default": true, "index": true, "unique": true,
	"created": true, "updated": true, "deleted": true, "version": true, "extends": true, "comment": true, "notnull": true, "-": true, "<-": true, "->": true, "json": true, "jsonb": true}

// xormColumn returns the column an xorm tag maps its field to: the tag's
// word that is no keyword, type or default value (`not null default 0
// BIGINT(20) user_id` gives user_id), else the field's name in
// snake_case, as xorm's default mapper writes it.
func xormColumn(tag, field string) string {
	words := strings.Fields(tag)
	col := ""
	for i, w := range words {
		w = strings.Trim(w, "'")
		lw := strings.ToLower(w)
		switch {
		case xormKeywords[lw], strings.ContainsAny(w, "()"), i > 0 && strings.EqualFold(words[i-1], "default"), w != lw:
			continue // a keyword, a type (BIGINT(20), TEXT), an index, a default
		}
		col = w
	}
	if col == "" {
		return appsource.SnakeCase(field)
	}
	return col
}

// uniqueTagLines returns the fields of the module's structs (outside
// tests) whose gorm or xorm tags declare the unique index over exactly cols:
// for several columns, fields of one struct sharing an index's name.
func (s *appSource) uniqueTagLines(cols []string) []sourceLine {
	if s == nil {
		return nil
	}
	want := slices.Clone(cols)
	slices.Sort(want)
	for _, f := range s.files {
		if strings.HasSuffix(f.path, "_test.go") || !appsource.LinesHold(f.text(), "unique") {
			continue
		}
		var found []sourceLine
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok || found != nil {
				return found == nil
			}
			byIndex := map[string][]*ast.Field{}
			column := map[*ast.Field]string{}
			for fl, tag := range appsource.TaggedFields(st) {
				key, col, ok := "", "", false
				if m := uniqueTagRe.FindStringSubmatch(tag.Get("gorm")); m != nil {
					key, col, ok = m[1], appsource.GormColumn(fl), true
				} else if m := xormUniqueRe.FindStringSubmatch(tag.Get("xorm")); m != nil {
					key, col, ok = m[1], xormColumn(tag.Get("xorm"), fl.Names[0].Name), true
				}
				if !ok {
					continue
				}
				if key == "" {
					key = "\x00" + fl.Names[0].Name // an index of its own
				}
				column[fl] = col
				byIndex[key] = append(byIndex[key], fl)
			}
			for _, fields := range byIndex {
				var have []string
				for _, fl := range fields {
					have = append(have, column[fl])
				}
				slices.Sort(have)
				if slices.Equal(have, want) {
					for _, fl := range fields {
						found = append(found, s.lineAt(f, fl.Pos(), ""))
					}
					return false
				}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// explainUniqueTag explains a duplicate of a unique index the model's tags
// declare over cols; it reports whether it did.
func (a *analysis) explainUniqueTag(cols []string) bool {
	lines := a.app().uniqueTagLines(cols)
	if len(lines) == 0 {
		return false
	}
	var at []string
	for _, l := range lines {
		at = append(at, a.cite(l))
	}
	what := code(strings.Join(cols, ", "))
	a.why("The model declares that unique index in its tags, at " + strings.Join(at, "; ") + ": each " + what + " may be written once, and the app makes the index from them when it migrates.")
	a.fix("If one row per " + what + " is what the app means, check for it before writing and answer 409 Conflict (" + code("http.StatusConflict") + ") for a second one.")
	var places []string
	for _, l := range lines {
		places = append(places, code(a.fileLoc(l.Path, l.Line)))
	}
	where := strings.Join(places, " and ")
	if strings.Contains(lines[0].Text, "xorm:") {
		// xorm's Sync drops the indexes a struct no longer declares.
		a.fix("If not (a second row is allowed), take the unique index out of the tags at " + where + " (from every field that names it: left on one, it becomes a unique index of that column alone); the app's sync then drops it from the database.")
		return true
	}
	a.fix("If not (a second row is allowed), take the unique index out of the tags at " + where + " (from every field that names it) and drop it from the database: gorm's auto-migration adds indexes but does not drop them.")
	return true
}
