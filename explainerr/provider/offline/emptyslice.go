package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// emptyOrigin adds, for an index out of range on an empty slice x, where
// the empty value was made one step back: the constructor that never fills
// a field, or the function that returned it (directly, or through the
// caller when x is a parameter).
func (a *analysis) emptyOrigin(x string) {
	src := a.app()
	if src == nil {
		return
	}
	name, recv := a.siteDecl()
	if recv != "" && strings.Count(x, ".") == 1 && linefacts.RootIdent(x) == src.receiverOf(name, recv) {
		field := lastSelector(x)
		if unset, ok := src.leftUnset(recv, field, a.typeDir(recv)); ok && len(unset) > 0 && !src.setsField(recv, field) {
			a.why(code(recv) + " is built without " + code(field) + " at " + a.cite(unset[0].Line) + ", and nothing in the app assigns or appends to " + code(field) + ", so it is always empty.")
			a.fix("Fill " + code(field) + " where the " + code(recv) + " is built, or check its length here and answer that there is nothing yet.")
		}
		return
	}
	if !isIdent(x) {
		return
	}
	if _, op, ok := a.s.AssignmentOf(x); ok {
		fn := callName(op.RHS)
		if fn == "" {
			return
		}
		refs := src.funcRefs(fn)
		if o, ok := a.originOf(x); ok && o.Method == fn {
			refs = o.Impls
			if o.Iface != "" && len(refs) > 1 {
				a.g.Add(o.Iface, o.Recv)
				a.why(code(o.Recv) + " is the interface " + code(o.Iface) + ", implemented in the module by " + a.implPlaces(refs) + ": the trace does not say which one ran, so look at what that one returns when nothing matches.")
				return
			}
		}
		if empty, ok := src.emptyResultIn(refs); ok && len(refs) == 1 {
			a.why(code(fn) + " returns an empty result when nothing matches: " + a.cite(empty) + ".")
		}
		return
	}
	params, _ := src.params(name, recv)
	caller := a.s.Caller
	if !contains(params, x) || caller == nil || caller.Source == nil {
		return
	}
	i := 0
	for j, p := range params {
		if p == x {
			i = j
		}
	}
	for _, call := range linefacts.Analyze(caller.Source).Calls {
		if call.Name != name || i >= len(call.Args) {
			continue
		}
		arg := strings.TrimSpace(call.Args[i])
		a.why(code(x) + " is a parameter of " + code(a.s.Function) + "; its caller " + code(shortFunction(caller.Function)) + " passes " + code(arg) + " at " + code(a.fileLoc(caller.File, caller.Line)) + ".")
		if !isIdent(arg) {
			return
		}
		cs := site.Site{Frame: caller, File: baseName(caller.File), Line: caller.Line}
		if w, op, ok := cs.AssignmentOf(arg); ok {
			a.emptyFrom(arg, callName(op.RHS), corpus.Line{File: cs.File, Number: w.Number, Text: w.Text})
		}
		a.fix("Check " + code("len("+arg+")") + " in " + code(shortFunction(caller.Function)) + " before calling " + code(name) + ", and answer that nothing matched.")
		return
	}
}

// emptyFrom says that v comes from a call of fn at l, and where fn makes
// an empty result.
func (a *analysis) emptyFrom(v, fn string, l corpus.Line) {
	if fn == "" {
		return
	}
	if refs := a.app().funcRefs(fn); len(refs) != 1 {
		return
	} else if empty, ok := a.app().emptyResultIn(refs); ok {
		a.why(code(v) + " comes from " + quoteLine(l) + ", and " + code(fn) + " returns an empty result when nothing matches: " + a.cite(empty) + ".")
	}
}

// funcRefs returns the module's functions and methods named name.
func (s *appSource) funcRefs(name string) []appsource.FuncRef {
	var out []appsource.FuncRef
	for _, d := range s.funcs(name, "") {
		if f := s.mod.FileAt(d.f.path); f != nil {
			out = append(out, appsource.FuncRef{File: f, Decl: d.fd})
		}
	}
	return out
}

// emptyResultIn finds, in refs, where an empty slice result is made: a
// "var out []T" or "out := make([]T, 0)" that is returned, or a return of
// nil or of an empty literal. A return whose last result is not nil is an
// error path, not the "nothing matched" one, and is skipped.
func (s *appSource) emptyResultIn(refs []appsource.FuncRef) (sourceLine, bool) {
	for _, ref := range refs {
		fn := funcName(ref.Decl)
		declared := map[string]sourceLine{}
		var hit sourceLine
		found := false
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.GenDecl:
				for _, sp := range x.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok || len(vs.Values) > 0 {
						continue
					}
					if _, ok := vs.Type.(*ast.ArrayType); ok {
						for _, id := range vs.Names {
							declared[id.Name] = s.lineOfPos(x.Pos(), fn)
						}
					}
				}
			case *ast.AssignStmt:
				if len(x.Lhs) == 1 && len(x.Rhs) == 1 && isEmptySlice(x.Rhs[0]) {
					if id, ok := x.Lhs[0].(*ast.Ident); ok {
						declared[id.Name] = s.lineOfPos(x.Pos(), fn)
					}
				}
			case *ast.ReturnStmt:
				if len(x.Results) == 0 || len(x.Results) > 1 && !isNilIdent(x.Results[len(x.Results)-1]) {
					return true
				}
				switch r := x.Results[0].(type) {
				case *ast.Ident:
					if r.Name == "nil" {
						hit, found = s.lineOfPos(x.Pos(), fn), true
					} else if l, ok := declared[r.Name]; ok {
						hit, found = l, true
					}
				case *ast.CompositeLit:
					if len(r.Elts) == 0 {
						hit, found = s.lineOfPos(x.Pos(), fn), true
					}
				}
			}
			return true
		})
		if found {
			return hit, true
		}
	}
	return sourceLine{}, false
}

// isEmptySlice reports whether e makes an empty slice: make([]T, 0) or
// []T{}.
func isEmptySlice(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.CompositeLit:
		_, ok := x.Type.(*ast.ArrayType)
		return ok && len(x.Elts) == 0
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok || id.Name != "make" || len(x.Args) < 2 {
			return false
		}
		_, slice := x.Args[0].(*ast.ArrayType)
		lit, zero := x.Args[1].(*ast.BasicLit)
		return slice && zero && lit.Value == "0"
	}
	return false
}
