package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A nil value a caller passed as a map's element (counts[q.Name]) is a
// lookup that found no entry. The map's entries are made in a loop over
// what the caller was given; the one who gave it is where an entry went
// missing (a filter that left some keys out).

// mapIndexRe matches a map's element: "countsMap[internalQueue.Name]".
var mapIndexRe = regexp.MustCompile(`^(\w+)\[(.+)\]$`)

// mapMissSays follows a map's element that a caller passed (arg) to where
// the map gets its entries and to what they are made from, when the
// caller was given that. It reports whether it said anything.
func (a *analysis) mapMissSays(caller *report.Frame, arg string) bool {
	m := mapIndexRe.FindStringSubmatch(arg)
	src := a.app()
	if m == nil || src == nil || src.mod == nil {
		return false
	}
	af, fd := src.funcAt(caller.File, caller.Line)
	if fd == nil || af.src == nil {
		return false
	}
	name, key := m[1], m[2]
	fill, ranged := mapFill(fd.Body, name)
	if fill == nil {
		return false
	}
	fn := funcName(fd)
	fillLine := src.lineAt(af, fill.Pos(), fn)
	a.g.Add(name, key)
	said := code(arg) + " is a lookup in the map " + code(name) + ": a key it has no entry for gives " + code("nil") + ". " + code(name) + " gets its entries at " + a.cite(fillLine)
	if ranged == "" || !isParam(fd, ranged) {
		a.why(said + ": it has none for this " + code(key) + ".")
		a.fix("Give " + code(name) + " an entry for every " + code(key) + " the lookup reads, or skip the keys it lacks before " + code(a.fileLoc(caller.File, caller.Line)) + ".")
		return true
	}
	callers := src.mod.CallersOf(appsource.FuncRef{File: af.src, Decl: fd})
	call, ok := a.callLineIn(callers, fd.Name.Name)
	if !ok {
		a.why(said + ", one for each element of " + code(ranged) + ", which " + code(fn) + " is given: it has none for this " + code(key) + ".")
		return true
	}
	a.why(said + ", one for each element of " + code(ranged) + ", which " + code(fn) + " is given at " + a.cite(call) + ": what is passed there has no entry for this " + code(key) + ".")
	a.fix("Make what " + code(call.Func) + " passes at " + code(a.fileLoc(call.Path, call.Line)) + " hold an entry for every " + code(key) + " the lookup reads (a filter there may leave some out), or skip the keys " + code(name) + " lacks.")
	return true
}

// mapFill returns the first assignment to an element of the map called
// name in body, and the expression of the range loop it is in, when it is
// in one and that expression is a name.
func mapFill(body *ast.BlockStmt, name string) (ast.Node, string) {
	var fill ast.Node
	ranged := ""
	var walk func(n ast.Node, over string)
	walk = func(n ast.Node, over string) {
		ast.Inspect(n, func(c ast.Node) bool {
			if fill != nil {
				return false
			}
			switch c := c.(type) {
			case *ast.RangeStmt:
				if c != n {
					x := ""
					if id, ok := c.X.(*ast.Ident); ok {
						x = id.Name
					}
					walk(c.Body, x)
					return false
				}
			case *ast.AssignStmt:
				if c.Tok != token.ASSIGN {
					return true
				}
				for _, l := range c.Lhs {
					if ix, ok := l.(*ast.IndexExpr); ok {
						if id, ok := ix.X.(*ast.Ident); ok && id.Name == name {
							fill, ranged = c, over
							return false
						}
					}
				}
			}
			return true
		})
	}
	walk(body, "")
	return fill, ranged
}

// isParam reports whether fd has a parameter called name.
func isParam(fd *ast.FuncDecl, name string) bool {
	return slices.Contains(paramNames(fd.Type), name)
}
