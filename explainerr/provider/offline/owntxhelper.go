package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app may wrap its transactions in a method of its own that takes a
// function ("h.withTx(ctx, func(tx *ent.Tx) error {…})"): the method
// begins the transaction on a pool of its receiver (h.entClient.Tx) and
// hands the function the transaction. A statement in that function on
// the pool itself (h.entClient.Read.CreateBulk(…)) runs on another
// connection beside the transaction.

// ownTxHelperUse finds, in r's body, a call of a method of the same
// receiver that is handed a function and begins a transaction on a pool
// of its receiver, and in that function a statement run on that pool
// rather than on the transaction it was handed. begin is the helper's
// call, use the statement, pool the pool as r writes it.
func (s *appSource) ownTxHelperUse(r appsource.FuncRef) (begin, use *ast.CallExpr, pool string) {
	fd := r.Decl
	if fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return nil, nil, ""
	}
	self, recv := fd.Recv.List[0].Names[0].Name, receiverName(fd)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || use != nil {
			return use == nil
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		lit := funcLitArg(ce)
		if !ok || lit == nil {
			return true
		}
		if id, isIdent := sel.X.(*ast.Ident); !isIdent || id.Name != self {
			return true
		}
		field := s.helperTxPool(sel.Sel.Name, recv)
		if field == "" {
			return true
		}
		// The last such statement: an ORM's builder (ent's Create) comes
		// before the call that runs it (CreateBulk(…).Exec).
		p, txNames := self+field, paramNames(lit.Type)
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			inner, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if is, ok := inner.Fun.(*ast.SelectorExpr); ok && statementCalls[is.Sel.Name] && onPool(astutil.ExprString(is.X), p) && !passesAny(inner, txNames) {
				begin, use, pool = ce, inner, p
			}
			return true
		})
		return use == nil
	})
	return begin, use, pool
}

// helperTxPool returns the pool, as ".field" after the receiver, that the
// method called name of the receiver type recv begins a transaction on
// (m.entClient.Tx(ctx), m.db.BeginTx(ctx, nil)); "" when it begins none.
func (s *appSource) helperTxPool(name, recv string) string {
	for _, m := range s.mod.Methods(name) {
		if receiverName(m.Decl) != recv || m.Decl.Body == nil || len(m.Decl.Recv.List[0].Names) == 0 {
			continue
		}
		theirs := m.Decl.Recv.List[0].Names[0].Name
		field := ""
		ast.Inspect(m.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || field != "" {
				return field == ""
			}
			sel, ok := ce.Fun.(*ast.SelectorExpr)
			if !ok || !beginsTx(ce, sel) {
				return true
			}
			if x := astutil.ExprString(sel.X); strings.HasPrefix(x, theirs+".") {
				field = strings.TrimPrefix(x, theirs)
			}
			return field == ""
		})
		if field != "" {
			return field
		}
	}
	return ""
}
