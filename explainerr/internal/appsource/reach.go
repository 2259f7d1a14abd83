package appsource

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/report"
)

// What a failing request ran lies below its frames, often deeper than
// one interface: a handler calls a service through an interface, the
// service a repository through another, and the repository a helper of
// its own package that holds the query, the transaction or the dropped
// error. Reach lists those functions breadth first, nearest the frames
// first, so that a finder that looks for a kind of code (a Commit, a
// discarded error) takes the one the request ran before one it could
// have.

const (
	// maxReachDepth bounds how many calls below a frame Reach follows.
	maxReachDepth = 4
	// maxReach bounds the functions Reach lists.
	maxReach = 96
)

// Reach returns the functions of the app frames (at most maxReachFrames)
// and the module functions they call, directly or through an interface
// (its implementations), up to maxReachDepth calls deep: the innermost
// frame's first, breadth first below it (its calls on its line first,
// then those before it), then the next frame's. Each function is listed
// once, at most maxReach of them.
func (m *Module) Reach(frames []report.Frame) []FuncRef {
	var out []FuncRef
	seen := map[*ast.FuncDecl]bool{}
	add := func(ref FuncRef) bool {
		if ref.Decl == nil || seen[ref.Decl] || len(out) == maxReach {
			return false
		}
		seen[ref.Decl] = true
		out = append(out, ref)
		return true
	}
	for i, fr := range frames {
		if i == maxReachFrames {
			break
		}
		f, fd := m.FuncAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		add(FuncRef{File: f, Decl: fd})
		var level []FuncRef
		for _, ref := range m.Callees(f, fd, fr.Line) {
			if add(ref) {
				level = append(level, ref)
			}
		}
		for depth := 1; depth < maxReachDepth && len(level) > 0; depth++ {
			var next []FuncRef
			for _, ref := range level {
				for _, c := range m.Callees(ref.File, ref.Decl, 0) {
					if add(c) {
						next = append(next, c)
					}
				}
			}
			level = next
		}
	}
	return out
}

// ReachPath returns the functions between the frames and target on the
// way Reach finds it: the calls, outermost first, from a frame's callee
// down to the caller of target (target itself left out), each with the
// Via of the call that reached it; nil when Reach does not reach target
// from a frame, or target is a frame's own function.
func (m *Module) ReachPath(frames []report.Frame, target *ast.FuncDecl) []FuncRef {
	parent := map[*ast.FuncDecl]FuncRef{}
	own := map[*ast.FuncDecl]bool{}
	seen := map[*ast.FuncDecl]bool{}
	for i, fr := range frames {
		if i == maxReachFrames {
			break
		}
		f, fd := m.FuncAt(fr.File, fr.Line)
		if fd == nil || seen[fd] {
			continue
		}
		seen[fd], own[fd] = true, true
		level := []FuncRef{{File: f, Decl: fd}}
		for depth := 0; depth < maxReachDepth && len(level) > 0; depth++ {
			var next []FuncRef
			for _, ref := range level {
				line := 0
				if depth == 0 {
					line = fr.Line
				}
				for _, c := range m.Callees(ref.File, ref.Decl, line) {
					if c.Decl == nil || seen[c.Decl] {
						continue
					}
					seen[c.Decl], parent[c.Decl] = true, ref
					next = append(next, c)
				}
			}
			level = next
		}
	}
	if own[target] || !seen[target] {
		return nil
	}
	var path []FuncRef
	for at := parent[target]; !own[at.Decl]; at = parent[at.Decl] {
		path = append([]FuncRef{at}, path...)
	}
	return path
}
