package appsource

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An error made because an argument is refused ("can't add sample with
// origin 'any'" under if o == SampleOriginAny) is fixed where the
// argument is passed: the module's callers of the function that made it,
// those the request may have run first.

// refusesParam reports whether the error made at line of fd is made
// under an if whose condition tests a parameter of fd.
func refusesParam(m *Module, fd *ast.FuncDecl, line int) bool {
	if fd.Body == nil || fd.Type.Params == nil {
		return false
	}
	params := map[string]bool{}
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			params[n.Name] = true
		}
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		from, to := m.Fset.Position(is.Body.Pos()).Line, m.Fset.Position(is.Body.End()).Line
		if line < from || line > to {
			return true
		}
		ast.Inspect(is.Cond, func(c ast.Node) bool {
			if id, ok := c.(*ast.Ident); ok && params[id.Name] {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// refusedArgCallers gives the chunks of the module's callers of ref not
// shown yet, those the request may have run first, at most maxPerFinder.
func (m *Module) refusedArgCallers(r *report.Report, s *staticSet, ref FuncRef) []report.Chunk {
	callers := likelyRun(m, m.CallersOf(ref), reachSet(s.requestReach(r)), func(c FuncRef) FuncRef { return c })
	var out []report.Chunk
	for _, c := range callers {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[c.Decl] {
			continue
		}
		s.seen[c.Decl] = true
		out = append(out, s.funcChunk(c.File, c.Decl, report.ReasonGraph))
	}
	return out
}
