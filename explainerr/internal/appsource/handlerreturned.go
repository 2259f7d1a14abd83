package appsource

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// HandlerReturned reports whether r is a status an app function wrote
// after the request's handler had returned an error to it: one of its
// app frames calls a function value it was given (its receiver or a
// parameter) with the request and keeps the error the call returns.
// That is the adapter apps write for handlers that return errors
//
//	func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
//		if err := h(w, r); err != nil {
//			HandleError(w, r, err)
//		}
//	}
//
// and the handler that ran is then off the stack: the request's route
// says which it was.
func (m *Module) HandlerReturned(r *report.Report) bool {
	if r.Error.Kind != report.KindStatus {
		return false
	}
	for _, fr := range r.AppFrames() {
		if _, fd := m.FuncAt(fr.File, fr.Line); fd != nil && callsHandlerValue(fd) {
			return true
		}
	}
	return false
}

// callsHandlerValue reports whether fd calls its receiver or one of its
// parameters, a function value, with two arguments or more and assigns
// the error it returns (if err := h(w, r); err != nil).
func callsHandlerValue(fd *ast.FuncDecl) bool {
	if fd.Body == nil {
		return false
	}
	given := map[string]bool{}
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, name := range field.Names {
				given[name.Name] = true
			}
		}
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found || len(as.Rhs) != 1 {
			return !found
		}
		ce, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok || len(ce.Args) < 2 {
			return true
		}
		callee, ok := ce.Fun.(*ast.Ident)
		if !ok || !given[callee.Name] {
			return true
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && strings.HasSuffix(strings.ToLower(id.Name), "err") {
				found = true
			}
		}
		return !found
	})
	return found
}
