package checker

import (
	"fmt"
	"go/ast"
	"strings"
)

// citedStatementElsewhere judges a statement a clause quotes right
// before the line it cites ("resets it with `*id = nilID` at id.go:240",
// "`n++` (f.go:12)"): when the cited statement does not hold it, while
// another line of the same file does, the line is another statement's.
// Only an assignment, an increment, a send or a return with values is
// read: a call or a name may be quoted beside the line that uses it.
func (c *Checker) citedStatementElsewhere(before, file string, ref lineRef, stmt string) (string, bool) {
	loc := adjacentSpanRe.FindStringSubmatchIndex(before)
	if loc == nil {
		return "", false
	}
	span := before[loc[2]:loc[3]]
	node, _ := parseSnippet(span)
	body, ok := node.(*ast.BlockStmt)
	if !ok || len(body.List) != 1 {
		return "", false
	}
	switch st := body.List[0].(type) {
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.SendStmt:
	case *ast.ReturnStmt:
		if len(st.Results) == 0 {
			return "", false
		}
	default:
		return "", false
	}
	want := tightSpace(span)
	if containsWhole(tightSpace(stmt), want) {
		return "", false
	}
	lines := c.views().code[file]
	for i, l := range lines {
		n := i + 1
		if n >= ref.line && n <= max(ref.line, ref.last) || !containsWhole(tightSpace(l), want) {
			continue
		}
		return fmt.Sprintf("%s:%d holds %q; `%s` is at %s:%d", file, ref.line, strings.TrimSpace(stmtHead(stmt)), strings.TrimSpace(span), file, n), true
	}
	return "", false
}
