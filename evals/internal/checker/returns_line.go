package checker

import (
	"fmt"
	"strings"
)

// namesCode reports whether prose[from:to] holds a claim about code other
// than a file or a line.
func namesCode(claims []Claim, from, to int) bool {
	for _, cl := range claims {
		if cl.start >= from && cl.end <= to && cl.Kind != KindFile && cl.Kind != KindFileLine {
			return true
		}
	}
	return false
}

// returnsElsewhere returns why a line cited for what the subject returns
// holds no return ("`GetTask` returns the not-found error at
// taskstore.go:61", line 61 being the `if ok {` before it), or "". The
// statement at the line counts whole; the subject's declaration header
// names what it returns too. Only a clause that names no code is judged
// so: one that does is judged by whether the line holds that code
// (checkCitedLines).
func (c *Checker) returnsElsewhere(uc useClause, cl Claim) string {
	file, line := splitFileLine(cl.Text)
	for _, f := range c.inRange(c.m.FindFile(file), line) {
		first, last := c.statementLines(f, line)
		stmt := strings.Join(c.views().code[f][first-1:last], "\n")
		if containsIdent(stmt, "return") {
			return ""
		}
		for _, fn := range uc.funcs {
			if fn.Decl.Body != nil && fn.File == f && fn.StartLine <= line && line <= c.m.Fset.Position(fn.Decl.Body.Lbrace).Line {
				return ""
			}
		}
		return fmt.Sprintf("%s:%d holds %q, not a return", f, line, strings.TrimSpace(stmtHead(stmt)))
	}
	return ""
}
