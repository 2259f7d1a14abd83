package offline

import (
	"encoding/json"
	"go/ast"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A value longer than its column's declared length is refused by
// PostgreSQL (22001), MySQL in strict mode (1406) and SQL Server; SQLite
// stores it. The fix is where the length is declared (a migration that
// made the column too short) or where the value should have been checked
// (the model's validation, which may allow more than the column holds).
// PostgreSQL names only the length: the schema's columns of that length,
// in the table the request's statement wrote, are the one it means.

// valueTooLong explains a value too long for its column.
func (a *analysis) valueTooLong(caps map[string]string, showStmt func()) {
	limit, col, table := caps["limit"], caps["column"], caps["table"]
	cands := a.tooLongColumns(limit, col, table)
	if len(cands) == 1 {
		c := cands[0]
		col, table, limit = c.Column, firstNonEmpty(table, c.Table), c.Length
	}
	qualified := col
	if table != "" && col != "" {
		qualified = table + "." + col
	}
	switch {
	case qualified != "" && limit != "":
		a.culprit = qualified
		a.g.Add(table, col)
		a.headline("A value too long for " + code(qualified) + ", which holds " + limit + " characters")
	case qualified != "":
		a.culprit = qualified
		a.g.Add(table, col)
		a.headline("A value too long for " + code(qualified))
	case limit != "":
		a.headline("A value longer than its column's " + limit + " characters")
	default:
		a.headline("A value longer than its column allows")
	}
	a.why("The database refused a value longer than the column's declared length (" + code(shorten(a.f.Message, 120)) + "); it does not cut the value to fit.")
	showStmt()
	switch {
	case len(cands) == 1:
		def := a.sizedLine(cands[0])
		a.g.AddScanned(a.fileLoc(def.Path, def.Line)) // a migration's name may start with digits
		if cands[0].Model {
			a.why("The model declares it at " + a.cite(def) + ": gorm's AutoMigrate makes the column from that tag.")
		} else {
			a.why("The schema declares it at " + a.cite(def) + ".")
		}
	case len(cands) > 1:
		var at []string
		for _, c := range cands[:min(len(cands), 3)] {
			a.g.Add(c.Table, c.Column)
			a.g.AddScanned(c.File + ":" + strconv.Itoa(c.Line))
			at = append(at, code(c.Table+"."+c.Column)+" ("+code(c.File+":"+strconv.Itoa(c.Line))+")")
		}
		a.why("The schema gives that length to " + strings.Join(at, ", ") + ": the one the statement wrote is it.")
	}
	if n, _ := strconv.Atoi(limit); n > 0 {
		if field, length, ok := a.longRequestValue(n); ok {
			a.g.Add(field)
			a.why("The request's " + code(field) + " has " + strconv.Itoa(length) + " characters.")
		}
	}
	if col == "" {
		a.fix("Find the column of that length the statement writes, then widen it in a new migration if longer values are valid, or check the value's length before the statement and answer 400 Bad Request.")
		return
	}
	check, checkAt, checked := a.lengthCheck(table, col)
	n, _ := strconv.Atoi(limit)
	m, _ := strconv.Atoi(check.limit)
	switch {
	case checked && n > 0 && m > n:
		lowered := strings.TrimSuffix(check.rule, check.limit) + limit
		a.g.Add(check.field, check.rule, lowered)
		a.why("The model allows more: " + code(check.field) + " is checked with " + code(check.rule) + " at " + a.cite(checkAt) + ", so a value of " + strconv.Itoa(n+1) + " to " + check.limit + " characters passes the check and fails the statement.")
		a.fix("Make the schema and the check agree: if " + code(col) + " is meant to hold " + check.limit + " characters, widen it in a new migration (the migration that declares it is where it became too short); if " + limit + " is the limit, lower the check to " + code(lowered) + ", so that a longer value gets 400 Bad Request.")
	case checked:
		a.g.Add(check.field, check.rule)
		a.why(code(check.field) + " is checked with " + code(check.rule) + " at " + a.cite(checkAt) + ".")
		a.fix("Make sure that check runs before the statement on this request's path, or widen " + code(col) + " in a new migration if longer values are valid.")
	case len(cands) == 1 && cands[0].Model:
		def := a.sizedLine(cands[0])
		migrate := "gorm's AutoMigrate changes the column when it runs"
		if at, ok := a.app().autoMigration(); ok {
			migrate = "gorm's AutoMigrate, at " + a.cite(at) + ", changes the column when it runs"
		}
		a.fix("If longer values are valid, widen the length in the tag at " + code(a.fileLoc(def.Path, def.Line)) + " (" + migrate + "; a column widened by hand alone goes back to the tag's length at the next migration); if not, check the value's length before the statement and answer 400 Bad Request with the limit.")
	default:
		a.fix("If longer values are valid, widen " + code(col) + " in a new migration; if not, check the value's length before the statement and answer 400 Bad Request with the limit.")
	}
}

// tooLongColumns returns the schema's columns that the error may mean:
// those of its length, column and table (each when known), narrowed to
// the table and columns of the statement the request ran when that
// leaves any.
func (a *analysis) tooLongColumns(limit, col, table string) []appsource.SizedColumn {
	src := a.app()
	if src == nil || src.mod == nil || limit == "" && col == "" {
		return nil
	}
	var out []appsource.SizedColumn
	for _, c := range src.mod.SizedColumns(a.dialect()) {
		if (limit == "" || c.Length == limit) && (col == "" || strings.EqualFold(c.Column, col)) && (table == "" || strings.EqualFold(c.Table, table)) {
			out = append(out, c)
		}
	}
	if len(out) < 2 {
		return out
	}
	written := compiled(`(?i)\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE)\s+["` + "`" + `]?(?:\w+\.)?(\w+)`)
	var narrowed []appsource.SizedColumn
	if sql, _, _, ok := a.statementArgs(func(sql string, _ []string) bool { return written.MatchString(sql) }); ok {
		t := written.FindStringSubmatch(sql)[1]
		for _, c := range out {
			if strings.EqualFold(c.Table, t) && (compiled(`(?i)\b`+regexp.QuoteMeta(c.Column)+`\b`).MatchString(sql) || !strings.Contains(strings.SplitN(sql, "VALUES", 2)[0], "(")) {
				narrowed = append(narrowed, c)
			}
		}
	}
	if len(narrowed) > 0 {
		return narrowed
	}
	return out
}

// sizedLine is the source line of a sized column's definition.
func (a *analysis) sizedLine(c appsource.SizedColumn) sourceLine {
	return sourceLine{Path: filepath.Join(a.app().mod.Root, filepath.FromSlash(c.File)), Line: c.Line, Text: c.Text}
}

// longRequestValue returns the request's one field whose string value is
// longer than n characters, and its length.
func (a *analysis) longRequestValue(n int) (field string, length int, ok bool) {
	found := 0
	var body map[string]any
	if json.Unmarshal([]byte(a.r.Request.Body), &body) == nil {
		for k, v := range body {
			if s, isStr := v.(string); isStr && len([]rune(s)) > n {
				field, length, found = k, len([]rune(s)), found+1
			}
		}
	}
	for k, vs := range a.r.Request.Form {
		for _, v := range vs {
			if len([]rune(v)) > n {
				field, length, found = k, len([]rune(v)), found+1
			}
		}
	}
	return field, length, found == 1
}

// lengthRule is a model field's length check: validator's max, lte or
// len (in a validate or binding tag).
type lengthRule struct {
	field, rule, limit string
}

// lengthRuleOf matches a length rule in a validate or binding tag.
var lengthRuleOf = regexp.MustCompile(`(?:^|,)((?:max|lte|len)=(\d+))`)

// lengthCheck returns the length check the model struct of table puts on
// the field stored in col, and its line.
func (a *analysis) lengthCheck(table, col string) (lengthRule, sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || col == "" {
		return lengthRule{}, sourceLine{}, false
	}
	for _, t := range src.mod.ModelStructs(table) {
		st, ok := t.Spec.Type.(*ast.StructType)
		if !ok {
			continue
		}
		for fl, structTag := range appsource.TaggedFields(st) {
			tag := string(structTag)
			name := fl.Names[0].Name
			stored, tagged := taggedColumn(tag)
			if !tagged {
				stored = appsource.SnakeCase(name)
			}
			if !strings.EqualFold(stored, col) {
				continue
			}
			for _, key := range []string{"validate", "binding"} {
				v, ok := reflect.StructTag(tag).Lookup(key)
				if !ok {
					continue
				}
				if m := lengthRuleOf.FindStringSubmatch(v); m != nil {
					return lengthRule{field: t.Spec.Name.Name + "." + name, rule: m[1], limit: m[2]}, src.lineAt(src.viewOf(t.File), fl.Pos(), ""), true
				}
			}
		}
	}
	return lengthRule{}, sourceLine{}, false
}
