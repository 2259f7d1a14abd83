package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// ormWriteOfTable returns the line, in a function the request reached,
// of an ORM's write of table's model ("h.client.Read.CreateBulk(…)" for
// reads; the model named as ent and gorm name it): the statement a
// constraint error met when no SQL text of the app writes the table and
// the stack stops at a framework; of a function's several writes, the
// last (a bulk write after the rows it builds). Generated code is passed
// over: the app's call of its builders is what may be changed.
func (a *analysis) ormWriteOfTable(table string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || table == "" {
		return sourceLine{}, false
	}
	models := appsource.ModelNames(table)
	for _, ref := range src.mod.Reach(a.stackFrames()) {
		if _, gen := src.mod.GeneratedBy(ref.File.Path); gen || ref.Decl.Body == nil {
			continue
		}
		var at sourceLine
		found := false
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !appsource.ORMWrite(sel.Sel.Name) {
				return true
			}
			chain := astutil.ExprString(sel.X)
			for _, m := range models {
				if strings.HasSuffix(chain, "."+m) || strings.Contains(chain, "."+m+".") {
					at, found = originLine(ref, src.mod.Fset.Position(sel.Sel.Pos()).Line), true
				}
			}
			return true
		})
		if found {
			return at, true
		}
	}
	return sourceLine{}, false
}
