package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindWriteOrder is a claim about the order in which a function writes
// things: "`Error` writes `fieldNS`, then `k`, then `errorText`".
const KindWriteOrder = "write_order"

// writeListRe finds a verb of writing followed by a list joined with
// "then": the list is the rest of the clause.
var writeListRe = regexp.MustCompile(`(?i)\b(?:writes|appends|prints|emits|outputs)\s+`)

// thenJoinRe splits a list of things written one after the other.
var thenJoinRe = regexp.MustCompile(`,?\s+(?:and\s+)?then\s+`)

// checkWriteOrder judges "`F` writes `a`, then `b`, then `c`" against the
// lines of F that write each: a call whose argument, or which itself, is
// written as quoted. Each must be written on one line of F only; a list
// whose lines go back is contradicted.
func (c *Checker) checkWriteOrder(prose string, claims []Claim, results []Result) []Result {
	c.eachSubject(prose, claims, func(cl Claim, f *source.Func, to int) {
		rest := prose[cl.end:to]
		loc := writeListRe.FindStringIndex(rest)
		if loc == nil {
			return
		}
		parts := thenJoinRe.Split(rest[loc[1]:], -1)
		var items []string
		for _, p := range parts {
			m := backtickRe.FindStringSubmatchIndex(p)
			if m == nil || strings.TrimSpace(outsideCode(p[:m[0]])) != "" && !strings.HasPrefix(strings.TrimSpace(p[:m[0]]), "the ") {
				break
			}
			items = append(items, p[m[2]:m[3]])
		}
		if len(items) < 3 {
			return
		}
		lines := make([]int, len(items))
		for i, it := range items {
			if lines[i] = c.writtenLine(f.Decl.Body, it); lines[i] == 0 {
				return
			}
		}
		for i := 1; i < len(items); i++ {
			if lines[i] < lines[i-1] {
				claim := Claim{Text: fmt.Sprintf("%s writes %s before %s", lastName(cl.Text), items[i-1], items[i]), Kind: KindWriteOrder, start: cl.start, end: to}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s at line %d, after %s at line %d", lastName(cl.Text), items[i-1], lines[i-1], items[i], lines[i])})
				return
			}
		}
	})
	return results
}

// writtenLine returns the one line of body with a call that is, or whose
// argument is, written as text; 0 when there is none or several.
func (c *Checker) writtenLine(body *ast.BlockStmt, text string) int {
	line := 0
	many := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		hit := c.nodeText(call) == text
		for _, a := range call.Args {
			hit = hit || c.nodeText(a) == text
		}
		if hit {
			l := c.m.Fset.Position(call.Pos()).Line
			if line != 0 && line != l {
				many = true
			}
			line = l
		}
		return true
	})
	if many {
		return 0
	}
	return line
}
