package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app that makes its tables at start from its ORM's schema (ent's
// client.Schema.Create, gorm's AutoMigrate) has the tables that schema
// declares: a column its migration files give a table says little of the
// database, and "apply the migrations" is no fix. The ORM's schema, and the column
// name it declares, is where to look.

// autoMigration returns the module's call that makes its tables from an
// ORM's schema at start: x.Schema.Create(…) or x.AutoMigrate(…).
func (s *appSource) autoMigration() (sourceLine, bool) {
	var out []sourceLine
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		if strings.HasSuffix(f.path, "_test.go") || !linesHold(f.text(), "Schema.Create") && !linesHold(f.text(), "AutoMigrate(") {
			return
		}
		eachSelectorCall(d, func(call *ast.CallExpr, sel *ast.SelectorExpr) {
			inner, isSel := sel.X.(*ast.SelectorExpr)
			if sel.Sel.Name == "AutoMigrate" || sel.Sel.Name == "Create" && isSel && inner.Sel.Name == "Schema" {
				out = append(out, s.lineOfPos(call.Pos(), in))
			}
		})
	})
	if len(out) == 0 {
		return sourceLine{}, false
	}
	return out[0], true
}

// reColumnName matches a string that may name a column.
var reColumnName = regexp.MustCompile(`^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]{3,}$`)

// ormColumnNear returns a string of the module's Go code, other than col,
// that names a column like col: the same words in another order
// (warranty_lifetime for lifetime_warranty), or a spelling a letter or two
// away; the ORM's schema files first. ok is false for none, or for
// several that are not one name.
func (s *appSource) ormColumnNear(col string) (sourceLine, string, bool) {
	words := func(v string) []string {
		w := strings.Split(v, "_")
		slices.Sort(w)
		return w
	}
	want := words(col)
	var names []string
	var at []sourceLine
	for _, lit := range s.stringLits(reColumnName) {
		v := lit.Value
		if v == col || !slices.Equal(words(v), want) && (len(want) < 2 || closest(col, []string{v}, 2) == "") {
			continue
		}
		line := s.litLine(lit, regexp.MustCompile(regexp.QuoteMeta(v)))
		if strings.Contains(line.Path, "schema") {
			names = append([]string{v}, names...)
			at = append([]sourceLine{line}, at...)
		} else {
			names = append(names, v)
			at = append(at, line)
		}
	}
	if len(names) == 0 {
		return sourceLine{}, "", false
	}
	for _, n := range names[1:] {
		if n != names[0] {
			return sourceLine{}, "", false
		}
	}
	return at[0], names[0], true
}

// autoMigratedColumn explains a column the migration files give table but
// the database lacks, of an app that makes its tables from an ORM's schema
// at start; it reports whether it did.
func (a *analysis) autoMigratedColumn(table, col string, t tableSchema) bool {
	src := a.app()
	if src == nil {
		return false
	}
	am, ok := src.autoMigration()
	if !ok {
		return false
	}
	a.g.Add(table, col, strings.TrimSpace(am.Text))
	given := "The app's migration files give " + code(table) + " a column " + code(col)
	if t.model {
		given = "The app's model of " + code(table) + " has a field for " + code(col)
	}
	a.why(given + " (" + a.origin(t) + "), and the app also makes its tables when it starts, from its ORM's schema, at " + a.cite(am) + ": what that schema declares is what the table has.")
	if l, name, ok := src.storedUnder(col); ok {
		a.g.Add(name)
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		a.why("The ORM's generated code stores that field under another column, " + code(name) + ", at " + a.cite(l) + ": the table the app made has " + code(name) + ", not " + code(col) + ".")
		// The app's own code that still writes the old name: a query's
		// condition, and the schema's field that was given a storage key.
		for _, lit := range src.stringLits(compiled(`^` + regexp.QuoteMeta(col) + `$`)) {
			at := src.litLine(lit, compiled(regexp.QuoteMeta(strconv.Quote(col))))
			if _, gen := src.mod.GeneratedBy(at.Path); gen || strings.HasSuffix(at.Path, "_test.go") {
				continue
			}
			a.g.AddScanned(a.fileLoc(at.Path, at.Line))
			if strings.Contains(at.Text, "StorageKey(") || strings.Contains(at.Text, "field.") {
				a.why("The ORM's schema declares the field at " + a.cite(at) + ".")
			} else {
				a.why("The app's code names " + code(col) + " at " + a.cite(at) + ".")
			}
		}
		a.fix("Name the column " + code(name) + " in the query (the ORM's field constant holds it), or drop the storage key that renamed it in the ORM's schema and regenerate its code.")
		return true
	}
	if l, name, ok := src.ormColumnNear(col); ok {
		a.g.Add(name)
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		a.why("The code names that column " + code(name) + " at " + a.cite(l) + ": the table the app made has " + code(name) + ", not " + code(col) + ".")
		a.fix("Use one name: " + code(name) + " in the query, or give the field back the name " + code(col) + " at " + code(a.fileLoc(l.Path, l.Line)) + " (and regenerate the ORM's code).")
		return true
	}
	if _, _, _, retagged := src.retaggedColumn(table, col); !retagged {
		// (A field retagged away from the column has its own advice.)
		a.fix("Check that the ORM's schema still declares " + code(col) + " for " + code(table) + ", or name the column it declares in the query.")
	}
	return true
}

// storedUnder returns the constant an ORM's generated code names a
// column with (ent's FieldItemPublished for item_published), when it
// holds another column name: the field is stored under that name (ent's
// StorageKey), and the query that writes col misses it.
func (s *appSource) storedUnder(col string) (sourceLine, string, bool) {
	want := "Field" + appsource.CamelCase(col)
	var found sourceLine
	name, ok := "", false
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		gd, isGen := d.(*ast.GenDecl)
		if ok || !isGen || gd.Tok != token.CONST || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, id := range vs.Names {
				if id.Name != want || i >= len(vs.Values) {
					continue
				}
				if v, isStr := astutil.StringLit(vs.Values[i]); isStr && v != col && reColumnName.MatchString(v) {
					found, name, ok = s.lineAt(f, id.Pos(), in), v, true
				}
			}
		}
	})
	return found, name, ok
}
