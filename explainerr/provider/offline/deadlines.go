package offline

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// deadlineReach says how the code that sets a deadline relates to the
// failing stack.
type deadlineReach int

const (
	// deadlineElsewhere: in the module, neither on the stack nor called
	// from it.
	deadlineElsewhere deadlineReach = iota
	// deadlineOnStack: in a function of a frame of the failing stack.
	deadlineOnStack
	// deadlineCalled: in a module function the stack's functions call.
	deadlineCalled
	// deadlineReached: in a function the request may have run
	// (analysis.reached: through an interface, its route's handler).
	deadlineReached
)

// maxCalleeDepth bounds how many calls deep deadlinesNearStack looks from
// the stack's functions.
const maxCalleeDepth = 2

// deadlinesNearStack returns the calls that set a deadline in the
// functions of the app's frames (and of the app's frames a logged stack
// names), a function literal of a package-level variable included; else
// those in the module functions they call, up to maxCalleeDepth calls
// deep; else those anywhere in the module.
func (a *analysis) deadlinesNearStack(src *appSource) (lines []sourceLine, reach deadlineReach) {
	if src.mod == nil {
		return nil, deadlineElsewhere
	}
	type fn struct {
		f    *appsource.File
		fd   *ast.FuncDecl
		line int
	}
	var stack []fn
	seen := map[string]bool{}
	for _, fr := range a.stackFrames() {
		f, fd := src.mod.FuncOrVarAt(fr.File, fr.Line)
		if fd == nil || seen[fr.File+":"+fd.Name.Name] {
			continue
		}
		seen[fr.File+":"+fd.Name.Name] = true
		stack = append(stack, fn{f, fd, fr.Line})
	}
	var near []sourceLine
	for _, s := range stack {
		near = append(near, src.deadlinesIn(s.fd)...)
	}
	if len(near) > 0 {
		return near, deadlineOnStack
	}
	level := stack
	for depth := 0; depth < maxCalleeDepth && len(level) > 0; depth++ {
		var next []fn
		for _, s := range level {
			callees := src.mod.Callees(s.f, s.fd, 0)
			if depth == 0 {
				// A frame's function was making the call on its line:
				// what else it calls did not fail.
				callees = src.mod.CalleesOnLine(s.f, s.fd, s.line)
			}
			for _, ref := range callees {
				key := ref.File.Path + ":" + ref.Decl.Name.Name
				if seen[key] {
					continue
				}
				seen[key] = true
				near = append(near, src.deadlinesIn(ref.Decl)...)
				next = append(next, fn{ref.File, ref.Decl, 0})
			}
		}
		if len(near) > 0 {
			return near, deadlineCalled
		}
		level = next
	}
	for _, ref := range a.reached() {
		near = append(near, src.deadlinesIn(ref.Decl)...)
	}
	if len(near) > 0 {
		return near, deadlineReached
	}
	return src.callsTo(deadlineCalls), deadlineElsewhere
}

// deadlinesIn returns the calls in fd's body that set a deadline.
func (s *appSource) deadlinesIn(fd *ast.FuncDecl) []sourceLine {
	return s.callsIn(fd.Body, funcName(fd), deadlineCalls)
}
