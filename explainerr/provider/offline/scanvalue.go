package offline

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A Scan given a variable's value instead of its address (Scan(c) for
// Scan(&c)) fails on every row with database/sql's "destination not a
// pointer". When the error's own words were neither shown nor logged,
// such a call below the one that failed is where it came from.

// scansOfValues returns, in the functions reach holds, the calls of Scan
// that pass a local variable declared with a value type (var c int64) by
// value.
func (a *analysis) scansOfValues(reach []appsource.FuncRef) []unseenQueryFault {
	src := a.app()
	var out []unseenQueryFault
	for _, ref := range reach {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		values := valueVars(ref.Decl.Body)
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || calleeName(ce.Fun) != "Scan" {
				return true
			}
			for _, arg := range ce.Args {
				id, ok := arg.(*ast.Ident)
				if !ok || !values[id.Name] {
					continue
				}
				fn := funcName(ref.Decl)
				at := src.lineAt(src.viewOf(ref.File), ce.Pos(), fn)
				a.g.Add(id.Name, "&"+id.Name)
				out = append(out, unseenQueryFault{
					fn: fn, at: at, names: []string{fn}, test: true, what: "a " + code("Scan") + " in " + code(fn) + " given a value, not its address",
					why: "passes " + code(id.Name) + " to " + code("Scan") + " by value at " + a.cite(at) + ": Scan needs its address, and fails with " + code(`"destination not a pointer"`) + " on every row",
					fix: "In " + code(fn) + ", pass " + code("&"+id.Name) + " to " + code("Scan") + " at " + code(a.fileLoc(at.Path, at.Line)) + ".",
				})
				return false
			}
			return true
		})
	}
	return out
}

// valueVars returns the variables body declares with var and a basic
// type or a struct type of the package (var c int64, var u User): values
// a Scan must be given the address of.
func valueVars(body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		ds, ok := n.(*ast.DeclStmt)
		if !ok {
			return true
		}
		gd, ok := ds.Decl.(*ast.GenDecl)
		if !ok {
			return true
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || vs.Type == nil || len(vs.Values) > 0 {
				continue
			}
			switch t := vs.Type.(type) {
			case *ast.Ident:
				if t.Name == "error" || t.Name == "any" {
					continue // an interface
				}
			case *ast.SelectorExpr:
				// sql.NullString and such: values too.
			default:
				continue // a pointer, slice, map or interface literal type
			}
			for _, name := range vs.Names {
				out[name.Name] = true
			}
		}
		return true
	})
	return out
}
