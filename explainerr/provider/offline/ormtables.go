package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// ormTable is a table an ORM's Go code declares, and where.
type ormTable struct {
	name string
	at   sourceLine
}

// ormTableNames returns the names of ormTables.
func (s *appSource) ormTableNames() []string {
	var out []string
	for _, t := range s.ormTables() {
		out = append(out, t.name)
	}
	return out
}

// ormTables returns the tables an ORM's Go code declares: the Name of
// ent's generated schema.Table literals (ent/migrate/schema.go) and what
// a model's TableName method returns, for an app whose tables no SQL
// text creates. It is found once per view of a module, as textWraps is;
// the slice is shared: callers only read it.
func (s *appSource) ormTables() []ormTable {
	s.tablesOnce.Do(func() { s.tables = s.findORMTables() })
	return s.tables
}

// findORMTables does the work of ormTables.
func (s *appSource) findORMTables() []ormTable {
	var out []ormTable
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		if strings.HasSuffix(f.path, "_test.go") || !linesHold(f.text(), "Table{") && !linesHold(f.text(), "TableName()") {
			return
		}
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "TableName" && fd.Recv != nil && fd.Body != nil && len(fd.Body.List) == 1 {
			if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if v, ok := astutil.StringLit(ret.Results[0]); ok {
					out = append(out, ormTable{v, s.lineAt(f, ret.Pos(), in)})
				}
			}
			return
		}
		ast.Inspect(d, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if name := lastSelector(astutil.ExprString(lit.Type)); name != "Table" {
				return true
			}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Name" {
						if v, ok := astutil.StringLit(kv.Value); ok {
							out = append(out, ormTable{v, s.lineAt(f, kv.Pos(), in)})
						}
					}
				}
			}
			return true
		})
	})
	return out
}
