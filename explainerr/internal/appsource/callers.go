package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// CallersOf returns the module functions that call fn: for a function,
// those callersOf finds; for a method, those that call a method of that
// name on any value (x.name(…)), in its package when the name is
// unexported. Without types a method call is matched by name; the answer
// is kept per Module, by declaration.
func (m *Module) CallersOf(fn FuncRef) []FuncRef {
	if v, ok := m.callers.Load(fn.Decl); ok {
		return v.([]FuncRef)
	}
	var out []FuncRef
	if fn.Decl.Recv == nil {
		out = m.callersOf(fn)
	} else {
		out = m.methodCallers(fn)
	}
	m.callers.Store(fn.Decl, out)
	return out
}

// methodCallers does CallersOf's work for a method: only the files whose
// text holds ".name(" are parsed.
func (m *Module) methodCallers(fn FuncRef) []FuncRef {
	name := fn.Decl.Name.Name
	dir := filepath.Dir(fn.File.Path)
	exported := token.IsExported(name)
	return m.callersWhere(fn, func(f *File) bool {
		return (exported || filepath.Dir(f.Path) == dir) && f.holds("."+name+"(")
	}, func(_ *File, ce *ast.CallExpr) bool {
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == name
	})
}

// callersWhere returns the module functions, in the files keep accepts,
// other than fn itself, that make a call matches accepts.
func (m *Module) callersWhere(fn FuncRef, keep func(*File) bool, matches func(*File, *ast.CallExpr) bool) []FuncRef {
	var out []FuncRef
	m.eachFuncDecl(keep, func(f *File, fd *ast.FuncDecl) {
		if fd == fn.Decl {
			return
		}
		calls := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok && !calls && matches(f, ce) {
				calls = true
			}
			return !calls
		})
		if calls {
			out = append(out, FuncRef{File: f, Decl: fd})
		}
	})
	return out
}

// eachFuncDecl calls fn with each function declaration that has a body,
// in the files keep accepts.
func (m *Module) eachFuncDecl(keep func(*File) bool, fn func(*File, *ast.FuncDecl)) {
	for _, f := range m.Files {
		if !keep(f) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn(f, fd)
			}
		}
	}
}

// holds reports whether the file's text holds s.
func (f *File) holds(s string) bool { return LinesHold(f.Lines(), s) }

// LinesHold reports whether one of lines holds s: a file's text asked
// for a word before it is parsed, without joining its lines.
func LinesHold(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// maxReachFrames bounds the app frames whose calls Reach follows.
const maxReachFrames = 8

// ReachSet returns the set of the functions of refs (what the failing
// request ran, or could have, below its frames: Reach). It ranks
// candidates that the stack does not show, such as a check a handler made
// before the statement that failed.
func ReachSet(refs []FuncRef) map[*ast.FuncDecl]bool {
	reach := map[*ast.FuncDecl]bool{}
	for _, ref := range refs {
		reach[ref.Decl] = true
	}
	return reach
}

// reachedFirst returns those of refs that reach holds, in their order,
// or all of refs when it holds none: what the request ran rules out the
// rest.
func reachedFirst(refs []FuncRef, reach map[*ast.FuncDecl]bool) []FuncRef {
	var out []FuncRef
	for _, ref := range refs {
		if reach[ref.Decl] {
			out = append(out, ref)
		}
	}
	if len(out) == 0 {
		return refs
	}
	return out
}

// markShown gives reason to the chunks already shown of fd, a function of
// f (not a frame's), so that preciseFirst ranks them, and reports
// whether one was shown.
func (s *staticSet) markShown(f *File, fd *ast.FuncDecl, reason string) bool {
	start, end := s.lines(fd)
	file := s.m.Rel(f.Path)
	found := false
	for i, c := range s.chunks {
		if c.Reason != report.ReasonFrame && c.File == file && c.StartLine >= start && c.EndLine <= end {
			s.chunks[i].Reason = reason
			found = true
		}
	}
	return found
}

// holdsFold reports whether a line of f holds lower, a lower-case text,
// in any case.
func (f *File) holdsFold(lower string) bool {
	for _, l := range f.Lines() {
		if strings.Contains(strings.ToLower(l), lower) {
			return true
		}
	}
	return false
}
