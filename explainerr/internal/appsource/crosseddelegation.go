package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A decorator (a tracing, logging or caching wrapper) implements an
// interface by calling the wrapped implementation's method of the same
// name. One that calls another method of the interface instead (Update
// calling next.Store) runs another statement than the request asked
// for: an update that fails on a duplicate primary key, a read that
// writes. The error's own words often show it: the wrapped method's name
// in a wrap prefix ("TaskRepo - Store - ...") where the caller asked for
// Update.

// CrossedDelegation is a method of a type that wraps a value of an
// interface the type implements too, and calls another of the
// interface's methods on it instead of its own.
type CrossedDelegation struct {
	// Method is the decorator's method (tracedRepo.Update).
	Method FuncRef
	// Field is the wrapped value's field; Called the method called on
	// it instead of Method's own name, at Line.
	Field, Called string
	Line          int
}

// CrossedDelegations returns the crossed delegations among the functions
// the request reached (reach, its RequestReach) whose called method the
// error's messages name as a word.
func (m *Module) CrossedDelegations(r *report.Report, reach []FuncRef) []CrossedDelegation {
	msgs := errorMessages(r)
	var out []CrossedDelegation
	for _, ref := range reach {
		for _, c := range m.crossedIn(ref) {
			named := regexp.MustCompile(`\b` + regexp.QuoteMeta(c.Called) + `\b`)
			for _, msg := range msgs {
				if named.MatchString(report.AnalysedText(msg)) {
					out = append(out, c)
					break
				}
			}
		}
	}
	return out
}

// crossedIn returns ref's crossed delegations: ref is a method M of a
// struct whose field holds an interface that declares M, and ref calls
// another method of that interface on the field, never M.
func (m *Module) crossedIn(ref FuncRef) []CrossedDelegation {
	fd := ref.Decl
	if fd == nil || fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	recvName := fd.Recv.List[0].Names[0].Name
	if !callsOtherOnField(fd, recvName) {
		return nil // no call recv.field.Other(…): nothing to resolve
	}
	res := newResolver(m, ref.File, fd)
	dir := filepath.Dir(ref.File.Path)
	recv := res.moduleType(fd.Recv.List[0].Type, dir)
	t, ok := m.Type(recv.dir, recv.name)
	if !ok {
		return nil
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	var out []CrossedDelegation
	for _, fl := range st.Fields.List {
		methods, isIface := m.interfaceMethods(res.moduleType(fl.Type, dir), 0)
		if !isIface || !methods[fd.Name.Name] {
			continue
		}
		for _, n := range fl.Names {
			own, other, line := false, "", 0
			ast.Inspect(fd.Body, func(node ast.Node) bool {
				call, ok := node.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				field, ok := sel.X.(*ast.SelectorExpr)
				if !ok || field.Sel.Name != n.Name {
					return true
				}
				if x, ok := field.X.(*ast.Ident); !ok || x.Name != recvName || !methods[sel.Sel.Name] {
					return true
				}
				if sel.Sel.Name == fd.Name.Name {
					own = true
				} else if other == "" {
					other, line = sel.Sel.Name, m.Fset.Position(call.Pos()).Line
				}
				return true
			})
			if !own && other != "" {
				out = append(out, CrossedDelegation{Method: ref, Field: n.Name, Called: other, Line: line})
			}
		}
	}
	return out
}

// callsOtherOnField reports whether fd calls, on a field of its receiver
// recv, a method not named as fd is: the syntax a crossed delegation
// needs before any type is resolved.
func callsOtherOnField(fd *ast.FuncDecl, recv string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name != fd.Name.Name {
				if field, ok := sel.X.(*ast.SelectorExpr); ok {
					if x, ok := field.X.(*ast.Ident); ok && x.Name == recv {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// crossedDelegationChunks gives the decorators' methods on the request's
// path that call another method of what they wrap than their own, the
// error naming the one called.
func (m *Module) crossedDelegationChunks(r *report.Report, s *staticSet) []report.Chunk {
	var refs []FuncRef
	for _, c := range m.CrossedDelegations(r, s.requestReach(r)) {
		refs = append(refs, c.Method)
	}
	return s.leadFuncChunks(refs, report.ReasonImplementation)
}
