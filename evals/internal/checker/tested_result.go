package checker

import (
	"go/ast"
	"strings"
)

// testsAssigned reports whether the if or switch statement whose header
// starts at line first of file tests a variable that the statement right
// before it assigns from the call a clause quotes: "returns `errBad`
// when `re.FindStringSubmatch(s)` does not give 4 strings (f.go:41)" of
// `m := re.FindStringSubmatch(s)` and, at line 41, `if len(m) != 4 {`.
// The clause names the call whose result the cited line tests.
func (c *Checker) testsAssigned(sp clauseSpan, file string, first int) bool {
	if !strings.HasSuffix(sp.text, ")") || len(sp.claims) == 0 {
		return false
	}
	held := false
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			if held || c.m.Rel(c.m.Fset.Position(f.Pos()).Filename) != file {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				b, ok := n.(*ast.BlockStmt)
				if !ok || held {
					return !held
				}
				for i := 1; i < len(b.List); i++ {
					if c.m.Fset.Position(b.List[i].Pos()).Line != first {
						continue
					}
					held = held || c.assignedAndTested(sp, file, b.List[i-1], b.List[i])
				}
				return true
			})
		}
	}
	return held
}

// assignedAndTested reports whether prev assigns, from code that holds
// the span, a variable that the condition or tag of test reads.
func (c *Checker) assignedAndTested(sp clauseSpan, file string, prev, test ast.Stmt) bool {
	as, ok := prev.(*ast.AssignStmt)
	if !ok {
		return false
	}
	var tested ast.Node
	switch s := test.(type) {
	case *ast.IfStmt:
		if s.Init != nil {
			return false
		}
		tested = s.Cond
	case *ast.SwitchStmt:
		if s.Init != nil || s.Tag == nil {
			return false
		}
		tested = s.Tag
	default:
		return false
	}
	names := map[string]bool{}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			names[id.Name] = true
		}
	}
	reads := false
	ast.Inspect(tested, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] {
			reads = true
		}
		return !reads
	})
	if !reads {
		return false
	}
	from, to := c.m.Fset.Position(as.Pos()).Line, c.m.Fset.Position(as.End()).Line
	code := c.views().code[file]
	if from < 1 || to > len(code) {
		return false
	}
	return c.occursIn(sp, strings.Join(code[from-1:to], "\n"), true)
}
