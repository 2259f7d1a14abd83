package appsource

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An error made because an argument is refused ("can't add sample with
// origin 'any'" under if o == SampleOriginAny) is fixed where the
// argument is passed: the module's callers of the function that made it,
// those the request may have run first.

// refusal is an error made under an if on a parameter of its function:
// the parameter's index, and the value the condition compares it with
// (SampleOriginAny of o == SampleOriginAny), "" when it compares none.
type refusal struct {
	param int
	value string
}

// refusesParam reports whether the error made at line of fd is made
// under an if whose condition tests a parameter of fd, and how.
func refusesParam(m *Module, fd *ast.FuncDecl, line int) (refusal, bool) {
	if fd.Body == nil || fd.Type.Params == nil {
		return refusal{}, false
	}
	params := map[string]int{}
	i := 0
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			params[n.Name] = i
			i++
		}
		if len(p.Names) == 0 {
			i++
		}
	}
	var out refusal
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
			if id, ok := c.(*ast.Ident); ok && !found {
				if at, isParam := params[id.Name]; isParam {
					out, found = refusal{param: at}, true
				}
			}
			return !found
		})
		if be, ok := is.Cond.(*ast.BinaryExpr); ok && found && be.Op == token.EQL {
			for _, side := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
				if at, isParam := paramAt(params, side[0]); isParam && at == out.param {
					out.value = CalleeName(side[1]) // SampleOriginAny of storage.SampleOriginAny
				}
			}
		}
		return !found
	})
	return out, found
}

// paramAt returns the index of the parameter e names.
func paramAt(params map[string]int, e ast.Expr) (int, bool) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false
	}
	at, isParam := params[id.Name]
	return at, isParam
}

// refusedArgCallers gives the chunks of the module's callers of ref not
// shown yet, at most maxPerFinder: those that pass the refused value
// first, then those the request may have run.
func (m *Module) refusedArgCallers(r *report.Report, s *staticSet, ref FuncRef, refused refusal) []report.Chunk {
	callers := likelyRun(m, m.CallersOf(ref), ReachSet(s.requestReach(r)), func(c FuncRef) FuncRef { return c })
	if refused.value != "" {
		var passing, rest []FuncRef
		for _, c := range m.CallersOf(ref) {
			if passesValue(c.Decl, ref.Decl.Name.Name, refused) {
				passing = append(passing, c)
			}
		}
		for _, c := range callers {
			if !slices.Contains(passing, c) {
				rest = append(rest, c)
			}
		}
		callers = append(passing, rest...)
	}
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

// passesValue reports whether fd calls name with the refused value as
// the refused parameter's argument.
func passesValue(fd *ast.FuncDecl, name string, ref refusal) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if ok && CalleeName(ce.Fun) == name && ref.param < len(ce.Args) && CalleeName(ce.Args[ref.param]) == ref.value {
			found = true
		}
		return !found
	})
	return found
}
