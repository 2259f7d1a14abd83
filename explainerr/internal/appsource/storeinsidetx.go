package appsource

import (
	"cmp"
	"go/ast"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A function that runs a transaction through a store's helper
// (s.ds.WithTx(func(tx Store) error {…})) and, inside it, calls the store
// it began the transaction on (s.ds.GC(ctx)) instead of the transaction
// runs that statement on another connection: on SQLite it waits for the
// transaction's own write lock until the busy timeout.

// txFuncHelpers are the methods that run a function in a transaction
// they begin: database libraries' and the stores' own.
var txFuncHelpers = map[string]bool{"WithTx": true, "WithTransaction": true, "InTx": true, "InTransaction": true, "RunInTx": true,
	"RunInTransaction": true, "Transaction": true, "Transact": true, "BeginFunc": true, "BeginTxFunc": true}

// StoreInsideTx returns the line of fd's body, inside a function literal
// handed to a transaction helper called on a store (x.WithTx(func…)),
// that calls that same store again; ok is false when there is none.
func (m *Module) StoreInsideTx(fd *ast.FuncDecl) (line int, ok bool) {
	if fd == nil || fd.Body == nil {
		return 0, false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if ok || !isCall {
			return !ok
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		if !isSel || !txFuncHelpers[sel.Sel.Name] {
			return true
		}
		store := astutil.ExprString(sel.X)
		for _, arg := range call.Args {
			lit, isLit := arg.(*ast.FuncLit)
			if !isLit {
				continue
			}
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				inner, isCall := n.(*ast.CallExpr)
				if ok || !isCall {
					return !ok
				}
				if s, isSel := inner.Fun.(*ast.SelectorExpr); isSel && astutil.ExprString(s.X) == store {
					line, ok = m.Fset.Position(inner.Pos()).Line, true
				}
				return !ok
			})
		}
		return !ok
	})
	return line, ok
}

// A method that runs its statement on its receiver's database handle
// (a.DB.Where(…)) while its sibling methods take the handle from a helper
// given the request's context (GetUserRoleDB(ctx, a.DB), which returns
// the transaction the context carries) runs beside that transaction, on
// another connection: it waits for the transaction's locks.

// TxHelperBypass is a method that uses its receiver's handle directly
// where its siblings go through a context helper (TxHelperBypassed).
type TxHelperBypass struct {
	// Line is the method's line that uses the handle directly.
	Line int
	// Field is the handle's field (DB); Helper the siblings' helper
	// (GetUserRoleDB); Sibling one sibling's call of it.
	Field, Helper string
	Sibling       SourceLine
}

// minHelperSiblings is how many sibling methods must call the helper.
const minHelperSiblings = 2

// TxHelperBypassed reports whether ref, a method, uses a field of its
// receiver as a handle directly while at least minHelperSiblings methods
// of its receiver's type hand that field, with a context, to one helper.
func (m *Module) TxHelperBypassed(ref FuncRef) (TxHelperBypass, bool) {
	fd := ref.Decl
	if fd == nil || fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return TxHelperBypass{}, false
	}
	self, typ := fd.Recv.List[0].Names[0].Name, TypeName(fd.Recv.List[0].Type)
	dir := filepath.Dir(ref.File.Path)
	type use struct{ helper, field string }
	count := map[use]int{}
	example := map[use]SourceLine{}
	for _, name := range slices.Sorted(maps.Keys(m.index().methodNames[dirName{dir, typ}])) {
		for _, sib := range m.Methods(name) {
			d := sib.Decl
			if d == fd || d.Body == nil || filepath.Dir(sib.File.Path) != dir || TypeName(d.Recv.List[0].Type) != typ || len(d.Recv.List[0].Names) != 1 {
				continue
			}
			recv := d.Recv.List[0].Names[0].Name
			seen := map[use]bool{}
			ast.Inspect(d.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) < 2 {
					return true
				}
				if id, ok := call.Args[0].(*ast.Ident); !ok || id.Name != "ctx" {
					return true
				}
				for _, a := range call.Args[1:] {
					if sel, ok := a.(*ast.SelectorExpr); ok && astutil.ExprString(sel.X) == recv {
						u := use{CalleeName(call.Fun), sel.Sel.Name}
						if !seen[u] {
							seen[u] = true
							count[u]++
							if _, ok := example[u]; !ok {
								line := m.Fset.Position(call.Pos()).Line
								example[u] = SourceLine{Path: sib.File.Path, Line: line, Text: strings.TrimSpace(sib.File.Lines()[line-1])}
							}
						}
					}
				}
				return true
			})
		}
	}
	// The helper most siblings use first, by name on a tie: one answer
	// for one module.
	uses := slices.SortedFunc(maps.Keys(count), func(a, b use) int {
		return cmp.Or(count[b]-count[a], strings.Compare(a.helper, b.helper), strings.Compare(a.field, b.field))
	})
	for _, u := range uses {
		if count[u] < minHelperSiblings || Calls(fd, u.helper) {
			continue
		}
		var line int
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || line != 0 {
				return line == 0
			}
			if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == u.field && astutil.ExprString(inner.X) == self {
				line = m.Fset.Position(sel.Pos()).Line
			}
			return true
		})
		if line != 0 {
			return TxHelperBypass{Line: line, Field: u.field, Helper: u.helper, Sibling: example[u]}, true
		}
	}
	return TxHelperBypass{}, false
}
