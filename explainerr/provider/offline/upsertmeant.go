package offline

import (
	"go/ast"
	"go/token"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A handler that looks a row up, makes a new one only when none was
// found, and hands either to the same write (link, _ := Load(k); if link
// == nil { link = &Link{…} }; Save(link)) means that write to update an
// existing row. A unique violation there is not a duplicate the client
// sent: the write inserts where it should replace or update.

// upsertArg is such a value: its lookup and the branch that makes it new.
type upsertArg struct {
	name           string
	lookup, newRow sourceLine
	write          appsource.FuncRef
}

// upsertMeant returns the argument of the call whose error the site
// carried on that the function looked up and made anew only when the
// lookup found nothing.
func (a *analysis) upsertMeant() (upsertArg, bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return upsertArg{}, false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return upsertArg{}, false
	}
	at, refs := src.mod.ErrorSourceFor(a.r, f, fd, a.s.Line)
	if at == 0 || len(refs) == 0 {
		return upsertArg{}, false
	}
	fn := appsource.FuncName(fd)
	view := src.viewOf(f)
	for name := range callArgsAt(src.mod, fd, at) {
		var lookup, made token.Pos
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if lookup == token.NoPos && assignsFromCall(n, name) && src.mod.Fset.Position(n.Pos()).Line < at {
					lookup = n.Pos()
				}
			case *ast.IfStmt:
				if isNilTest(n.Cond, name) && assignsIn(n.Body, name) && src.mod.Fset.Position(n.Pos()).Line < at {
					made = n.Pos()
				}
			}
			return true
		})
		if lookup != token.NoPos && made != token.NoPos && lookup < made {
			return upsertArg{name: name, lookup: src.lineAt(view, lookup, fn), newRow: src.lineAt(view, made, fn), write: refs[0]}, true
		}
	}
	return upsertArg{}, false
}

// assignsFromCall reports whether as assigns name, as its first result,
// from a call.
func assignsFromCall(as *ast.AssignStmt, name string) bool {
	if len(as.Lhs) == 0 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	_, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return ok && id.Name == name && isCall
}

// isNilTest reports whether cond is "name == nil".
func isNilTest(cond ast.Expr, name string) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, isIdent := b.X.(*ast.Ident)
	return isIdent && x.Name == name && isNilIdent(b.Y)
}

// assignsIn reports whether body assigns name.
func assignsIn(body *ast.BlockStmt, name string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// explainUpsertMeant says that the write that violated a unique
// constraint was given a row the function had looked up, and made new
// only when none was found (upsertMeant's u): it inserts where it should
// update. It reports that it did.
func (a *analysis) explainUpsertMeant(u upsertArg) bool {
	write := appsource.FuncName(u.write.Decl)
	a.g.Add(u.name, write, "INSERT OR REPLACE", "ON CONFLICT")
	a.why(code(u.name) + " is looked up at " + a.cite(u.lookup) + " and made new only when none was found, at " + a.cite(u.newRow) + "; either way it is handed to " + code(write) + ". For a row that already exists the write is meant to update it: the duplicate is the existing row itself, not one the client sent.")
	a.fix("Make " + code(write) + " replace or update an existing row (" + code("INSERT OR REPLACE") + ", or an " + code("ON CONFLICT") + " clause that updates it), or update when the lookup found the row and insert only when it did not.")
	return true
}
