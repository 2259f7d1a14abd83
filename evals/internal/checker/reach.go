package checker

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// reached is what a function and every module function it reaches can be
// said to use: the names its code writes and the strings it quotes.
type reached struct {
	funcs   []*source.Func
	names   map[string]bool
	strings []string
}

// reach returns the module functions from reaches, by calls or by naming
// them as values, transitively: what "`F` sorts with `sort.Slice`" may
// mean when F leaves the sorting to a helper. A call of an interface
// method reaches every module method of that name, and a call through an
// interface or a function value every module function used as a value
// with the same signature; a package variable the code reads brings its
// initializer along.
func (c *Checker) reach(from []*source.Func) *reached {
	r := &reached{names: map[string]bool{}}
	byObj := map[types.Object]*source.Func{}
	for _, g := range c.m.Funcs {
		if g.Obj != nil {
			byObj[g.Obj] = g
		}
	}
	inits := c.packageInits()
	values := c.funcValues(byObj)
	seen := map[*source.Func]bool{}
	queue := append([]*source.Func(nil), from...)
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if seen[f] || f.Decl == nil {
			continue
		}
		seen[f] = true
		r.funcs = append(r.funcs, f)
		r.collect(f.Decl)
		info := f.Pkg.TypesInfo
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			if info == nil {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				// A call through an interface or a function value may run
				// any module function used as a value with its signature:
				// http.HandlerFunc(defaultFailureHandler) behind
				// h.failureHandler.ServeHTTP(w, r).
				if sig := dynamicCall(info, call); sig != nil {
					queue = append(queue, values.matching(sig)...)
				}
				return true
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			switch obj := info.Uses[id].(type) {
			case *types.Func:
				if g := byObj[obj.Origin()]; g != nil {
					queue = append(queue, g)
				} else if abstract(obj) {
					queue = append(queue, c.m.FuncsNamed(obj.Name())...)
				}
			case *types.Var, *types.Const:
				if init := inits[obj]; init != nil {
					r.collect(init)
				}
			}
			return true
		})
	}
	return r
}

// collect adds the names and string literals of n.
func (r *reached) collect(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			r.names[n.Name] = true
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if v, err := strconv.Unquote(n.Value); err == nil {
					r.strings = append(r.strings, v)
				}
			}
		}
		return true
	})
}

// abstract reports whether f is an interface method.
func abstract(f *types.Func) bool {
	sig, ok := f.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// packageInits maps each package-level variable and constant of the module
// to the declaration that gives its value; it is made once per checker.
func (c *Checker) packageInits() map[types.Object]ast.Node {
	c.initsOnce.Do(func() { c.inits = c.findPackageInits() })
	return c.inits
}

// findPackageInits does the work of packageInits.
func (c *Checker) findPackageInits() map[types.Object]ast.Node {
	out := map[types.Object]ast.Node{}
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR && gd.Tok != token.CONST {
					continue
				}
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					for _, name := range vs.Names {
						if obj := p.TypesInfo.Defs[name]; obj != nil {
							out[obj] = vs
						}
					}
				}
			}
		}
	}
	return out
}

// spans reports whether line of file falls inside one of the reached
// functions.
func (r *reached) spans(file string, line int) bool {
	for _, f := range r.funcs {
		if f.File == file && f.StartLine <= line && line <= f.EndLine {
			return true
		}
	}
	return false
}

// funcValueSet holds the module functions used as values somewhere (passed,
// stored or converted rather than called), with their signatures.
type funcValueSet []struct {
	f   *source.Func
	sig *types.Signature
}

// funcValues finds the module functions the module uses as values.
func (c *Checker) funcValues(byObj map[types.Object]*source.Func) funcValueSet {
	var out funcValueSet
	seen := map[*source.Func]bool{}
	for _, p := range c.m.Pkgs {
		for _, file := range p.Syntax {
			called := map[*ast.Ident]bool{}
			ast.Inspect(file, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id := source.CalleeIdent(call); id != nil {
						called[id] = true
					}
				}
				return true
			})
			ast.Inspect(file, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok || called[id] {
					return true
				}
				obj, ok := p.TypesInfo.Uses[id].(*types.Func)
				if !ok {
					return true
				}
				if g := byObj[obj.Origin()]; g != nil && !seen[g] {
					seen[g] = true
					out = append(out, struct {
						f   *source.Func
						sig *types.Signature
					}{g, obj.Type().(*types.Signature)})
				}
				return true
			})
		}
	}
	return out
}

// matching returns the functions whose signature, receiver left out, is
// sig's.
func (vs funcValueSet) matching(sig *types.Signature) []*source.Func {
	var out []*source.Func
	for _, v := range vs {
		if types.Identical(withoutRecv(v.sig), withoutRecv(sig)) {
			out = append(out, v.f)
		}
	}
	return out
}

func withoutRecv(s *types.Signature) *types.Signature {
	return types.NewSignatureType(nil, nil, nil, s.Params(), s.Results(), s.Variadic())
}

// dynamicCall returns the signature of a call that is not resolved to one
// function: of an interface method, of a function value (a variable, a
// field, a parameter), or of the function a method of a function type
// calls; nil otherwise.
func dynamicCall(info *types.Info, call *ast.CallExpr) *types.Signature {
	id := source.CalleeIdent(call)
	if id == nil {
		return nil
	}
	switch obj := info.Uses[id].(type) {
	case *types.Func:
		sig, _ := obj.Type().(*types.Signature)
		if abstract(obj) {
			return sig
		}
		// A method of a function type (http.HandlerFunc's ServeHTTP)
		// calls the function value it is.
		if sig != nil && sig.Recv() != nil {
			if fn, ok := sig.Recv().Type().Underlying().(*types.Signature); ok {
				return fn
			}
		}
	case *types.Var:
		sig, _ := obj.Type().Underlying().(*types.Signature)
		return sig
	}
	return nil
}
