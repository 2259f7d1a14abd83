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
	out, _ := m.walkReach(m.frameRoots(frames), maxReachDepth)
	return out
}

// ReachFrom is Reach from module functions rather than frames: refs
// and what they call, depth calls deep at most.
func (m *Module) ReachFrom(refs []FuncRef, depth int) []FuncRef {
	roots := make([]reachRoot, len(refs))
	for i, ref := range refs {
		roots[i] = reachRoot{ref: ref}
	}
	out, _ := m.walkReach(roots, depth)
	return out
}

// ReachPath returns the functions between the frames and target on the
// way Reach finds it: the calls, outermost first, from a frame's callee
// down to the caller of target (target itself left out), each with the
// Via of the call that reached it; nil when Reach does not reach target
// from a frame, or target is a frame's own function.
func (m *Module) ReachPath(frames []report.Frame, target *ast.FuncDecl) []FuncRef {
	roots := m.frameRoots(frames)
	_, parent := m.walkReach(roots, maxReachDepth)
	own := map[*ast.FuncDecl]bool{}
	for _, r := range roots {
		own[r.ref.Decl] = true
	}
	if _, reached := parent[target]; own[target] || !reached {
		return nil
	}
	var path []FuncRef
	for at := parent[target]; !own[at.Decl]; at = parent[at.Decl] {
		path = append([]FuncRef{at}, path...)
	}
	return path
}

// reachRoot is where walkReach starts: a function, and the line of it
// whose calls it follows first (0: all of them alike).
type reachRoot struct {
	ref  FuncRef
	line int
	// lit, when not nil, is the function literal of ref that ran: its
	// calls only are followed from the root.
	lit *ast.FuncLit
}

// frameRoots returns the functions of the app frames (at most
// maxReachFrames), each at its frame's line.
func (m *Module) frameRoots(frames []report.Frame) []reachRoot {
	var out []reachRoot
	for i, fr := range frames {
		if i == maxReachFrames {
			break
		}
		if f, fd := m.FuncAt(fr.File, fr.Line); fd != nil {
			root := reachRoot{ref: FuncRef{File: f, Decl: fd}, line: fr.Line}
			if fr.Function == "" || isClosure(fr.Function) {
				// A function literal's frame (NewServer.func1, a
				// middleware written inline), or a place a log names
				// inside one, ran that literal only: the other calls of
				// the function around it are not the request's.
				root.lit = m.FuncLitAt(fd, fr.Line)
			}
			out = append(out, root)
		}
	}
	return out
}

// walkReach lists the roots and the module functions they call, root by
// root, breadth first below each (its calls on its line first), depth
// calls deep at most; each once, at most maxReach of them. parent gives,
// for each function listed below a root, the function whose call
// reached it first.
func (m *Module) walkReach(roots []reachRoot, depth int) ([]FuncRef, map[*ast.FuncDecl]FuncRef) {
	var out []FuncRef
	parent := map[*ast.FuncDecl]FuncRef{}
	seen := map[*ast.FuncDecl]bool{}
	add := func(ref FuncRef) bool {
		if ref.Decl == nil || seen[ref.Decl] || len(out) == maxReach {
			return false
		}
		seen[ref.Decl] = true
		out = append(out, ref)
		return true
	}
	for _, root := range roots {
		// A root another root's calls reached already still has its
		// own line's calls followed first.
		add(root.ref)
		level, line := []FuncRef{root.ref}, root.line
		for d := 0; d < depth && len(level) > 0; d++ {
			var next []FuncRef
			for _, ref := range level {
				var lit *ast.FuncLit
				if d == 0 {
					lit = root.lit
				}
				for _, c := range m.calleesIn(ref.File, ref.Decl, lit, line) {
					if add(c) {
						parent[c.Decl] = ref
						next = append(next, c)
					}
				}
			}
			level, line = next, 0
		}
	}
	return out, parent
}
