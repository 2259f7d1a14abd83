package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// builderNaming adds where a query builder of the app names table (a
// From("albums"), a TableName method returning it), for an SQL error
// about a table no SQL text of the app names. It reports whether it
// found one.
func (a *analysis) builderNaming(table string) bool {
	src := a.app()
	if src == nil || src.mod == nil || table == "" {
		return false
	}
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		table = table[i+1:]
	}
	for _, l := range src.mod.TableLiterals() {
		name := strings.Fields(l.Value)[0]
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		fd, ok := l.Decl.(*ast.FuncDecl)
		if !ok || !strings.EqualFold(name, table) {
			continue
		}
		line := src.fset.Position(l.Lit.Pos()).Line
		ref := originLine(appsource.FuncRef{File: l.File, Decl: fd}, line)
		a.why("The app's query builder names " + code(table) + " at " + a.cite(ref) + ".")
		return true
	}
	return false
}
