package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A field of interface type asserted to one type (s.Value.(string)) may
// be given another by the code that fills it: a variable scanned as
// sql.NullString and stored whole (setting.Value = value). The store is
// then the fix, or the assertion of the type stored.

// storedFieldFix explains a failed assertion of a field's value by the
// module's assignment that stores a variable declared with the actual
// type in that field. It reports whether it found one, the fix written.
func (a *analysis) storedFieldFix(target linefacts.AssertOp, actual string) bool {
	src := a.app()
	field := lastSelector(target.X)
	if src == nil || !strings.Contains(target.X, ".") || field == "" || strings.ContainsAny(field, "()[]") {
		return false
	}
	var at sourceLine
	var v string
	found := false
	src.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if found || fd.Body == nil || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		declared := map[string]bool{} // the function's variables of the actual type
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && vs.Type != nil && astutil.ExprString(vs.Type) == actual {
				for _, id := range vs.Names {
					declared[id.Name] = true
				}
			}
			as, ok := n.(*ast.AssignStmt)
			if found || !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return !found
			}
			sel, isSel := as.Lhs[0].(*ast.SelectorExpr)
			id, isIdent := as.Rhs[0].(*ast.Ident)
			if isSel && isIdent && sel.Sel.Name == field && declared[id.Name] {
				at, v, found = src.lineAt(f, as.Pos(), funcName(fd)), id.Name, true
			}
			return !found
		})
	})
	if !found {
		return false
	}
	a.g.AddScanned(a.fileLoc(at.Path, at.Line))
	a.g.Add(v, field, actual, target.Type, strings.TrimSpace(at.Text))
	a.why("The app stores " + aCode(actual) + " there: " + code(v) + ", declared " + code(actual) + ", is put in " + code(field) + " at " + a.cite(at) + ".")
	a.fix("Store " + aCode(target.Type) + " at " + code(a.fileLoc(at.Path, at.Line)) + " (for a nullable column, the value it holds when it is valid), or assert " + code(actual) + " here and read its value.")
	return true
}
