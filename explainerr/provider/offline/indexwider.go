package offline

import (
	"regexp"
	"slices"
	"strings"
)

// An app that looks for a duplicate before it writes (a count or a
// lookup, then its own "already exists" error) and still meets a unique
// constraint on the write has an index wider than its own rule: the
// check compares more columns (user_id and label) than the index covers
// (label). Advising it to look the row up first would repeat what the
// code does; the fix is the index, which an ORM made from a model's tag.

// comparedColumn finds a column compared with a placeholder in SQL text:
// "user_id = ?", "label = $2".
var comparedColumn = regexp.MustCompile(`\b(\w+)\s*=\s*(?:\?|\$\d+|@\w+)`)

// checkLookback is how many lines before the line that returns the
// duplicate's error the check's query is looked for.
const checkLookback = 20

// explainIndexWiderThanCheck explains a unique constraint an ORM made
// from a model's tag (appsource.Module.ConstraintModel) that the app's
// own duplicate check, at check (the line returning its error), does
// not match: the check's query compares the index's column and more.
// It reports whether it did.
func (a *analysis) explainIndexWiderThanCheck(target string, check sourceLine) bool {
	src := a.app()
	name := a.f.Captures["constraint"]
	if src == nil || src.mod == nil || name == "" {
		return false
	}
	cf, ok := src.mod.ConstraintModel(name)
	if !ok {
		return false
	}
	f := src.byPath[check.Path]
	if f == nil {
		return false
	}
	lines := f.text()
	var compared []string
	for i := max(check.Line-checkLookback, 1); i < check.Line && i <= len(lines); i++ {
		for _, s := range quotedStrings(lines[i-1]) {
			for _, m := range comparedColumn.FindAllStringSubmatch(s, -1) {
				if !slices.Contains(compared, m[1]) {
					compared = append(compared, m[1])
				}
			}
		}
	}
	if !slices.Contains(compared, cf.Column) || len(compared) < 2 {
		return false
	}
	model := cf.Model.Spec.Name.Name
	field := cf.Field.Names[0].Name
	fieldAt := sourceLine{Path: cf.Model.File.Path, Line: src.fset.Position(cf.Field.Pos()).Line}
	if fl := src.byPath[fieldAt.Path]; fl != nil && fieldAt.Line <= len(fl.text()) {
		fieldAt.Text = strings.TrimSpace(fl.text()[fieldAt.Line-1])
	}
	others := slices.DeleteFunc(slices.Clone(compared), func(c string) bool { return c == cf.Column })
	a.g.Add(target, name, model, field, model+"."+field, cf.Column, check.Func)
	a.g.Add(others...)
	at := check
	at.Func = ""
	a.why(code(check.Func) + " already looks for a duplicate before the write and returns " + code(target) + " for one (" + a.cite(at) + "); its query compares " + codeAnd(compared) + ". The unique index " + code(name) + " is made by the tag of " + code(model+"."+field) + " (" + a.cite(fieldAt) + ") over " + code(cf.Column) + " alone, so a row that passes the app's check (another " + codeAnd(others) + ") still breaks it.")
	a.fix("Make the index match the app's rule: a unique index over " + codeAnd(compared) + " together (a named index on each of those fields' tags), or no unique index on " + code(cf.Column) + " if the check is the rule; a database made before keeps the old index " + code(name) + " until it is dropped.")
	return true
}

// quotedStrings returns the text of the string literals on a line of Go.
func quotedStrings(line string) []string {
	var out []string
	for _, m := range goStringLit.FindAllString(line, -1) {
		out = append(out, m[1:len(m)-1])
	}
	return out
}
