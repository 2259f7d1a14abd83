package checker

import (
	"go/ast"
	"go/token"
)

// assignedLocals returns the names a Go statement written in a use
// clause assigns or declares ("`t2 := s.now()`", "`n = len(b)`"): the
// clause says its subject writes them, so a name that is only ever a
// local variable of a function the subject does not reach is not its.
// Text that is not Go gives nothing.
func assignedLocals(code string) []string {
	root, _ := parseSnippet(code)
	if root == nil {
		return nil
	}
	var out []string
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
				return true
			}
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					out = append(out, id.Name)
				}
			}
		}
		return true
	})
	return out
}

// assignedElsewhere judges the statements of the backtick spans of a use
// clause: a name one of them assigns must not be only a local variable of
// module functions the subject does not reach (see othersLocal). It
// returns the span and the reason, or "" for both.
func (c *Checker) assignedElsewhere(prose string, uc useClause, r *reached, subject string) (int, int, string) {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[uc.from:uc.to], -1) {
		for _, name := range assignedLocals(prose[uc.from+loc[2] : uc.from+loc[3]]) {
			if reason := c.othersLocal(r, name, subject); reason != "" {
				return uc.from + loc[0], uc.from + loc[1], reason
			}
		}
	}
	return 0, 0, ""
}
