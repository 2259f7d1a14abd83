package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindQuotedOrder is a claim about the order of two statements a
// sentence quotes: "`WriteHeader` sets `rw.status = s` before
// `rw.callBefore()` runs".
const KindQuotedOrder = "quoted_order"

// quotedOrderRe is what joins two quoted statements: a few words, then
// "before" or "after", and the subject again ("before it calls").
var quotedOrderRe = regexp.MustCompile(`(?i)^\s+(?:[a-z-]+\s+){0,3}?(before|after)\s+(?:(?:it|they)\s+[a-z]+s?\s+)?$`)

// checkQuotedOrder judges "`F` does `A` before `B`" (or after) when A and
// B are statements or calls written as F's body writes them, on one line
// each: contradicted when every place of the one said to come first is
// after every place of the other, none of them is deferred, in a
// goroutine or a function literal, and no loop holds one of each.
func (c *Checker) checkQuotedOrder(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		spans := backtickRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1)
		for i := 0; i+1 < len(spans); i++ {
			a, b := spans[i], spans[i+1]
			mm := quotedOrderRe.FindStringSubmatch(prose[cl.end+a[1] : cl.end+b[0]])
			if mm == nil {
				continue
			}
			first := collapseSpace(prose[cl.end+a[2] : cl.end+a[3]])
			second := collapseSpace(prose[cl.end+b[2] : cl.end+b[3]])
			if strings.EqualFold(mm[1], "after") {
				first, second = second, first
			}
			fs, ss := c.placesOf(f, first), c.placesOf(f, second)
			if !wrongOrder(fs, ss) {
				continue
			}
			name := lastName(cl.Text)
			claim := Claim{Text: fmt.Sprintf("%s: %s before %s", name, first, second), Kind: KindQuotedOrder, start: cl.end + a[0], end: cl.end + b[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s only after %s", name, first, second)})
		}
	}
	return results
}

// placesOf lists the statements and calls of f's body whose one-line
// text, spaces collapsed, is text, as callsIn lists calls.
func (c *Checker) placesOf(f *source.Func, text string) []call {
	var out []call
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		switch n.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.CallExpr, *ast.SendStmt:
		default:
			return
		}
		if c.nodeText(n) != text {
			return
		}
		out = append(out, placedIn(call{pos: n.Pos()}, around))
	})
	return out
}

// nodeText is the source of a node that fits on one line, spaces
// collapsed, or "".
func (c *Checker) nodeText(n ast.Node) string {
	start, end := c.m.Fset.Position(n.Pos()), c.m.Fset.Position(n.End())
	if start.Line != end.Line || !start.IsValid() {
		return ""
	}
	lines := c.m.Files[c.m.Rel(start.Filename)]
	if start.Line > len(lines) {
		return ""
	}
	line := lines[start.Line-1]
	if start.Column < 1 || end.Column-1 > len(line) || start.Column > end.Column {
		return ""
	}
	return collapseSpace(line[start.Column-1 : end.Column-1])
}

// wrongOrder reports whether every place of first comes after every place
// of second, none late and no loop holding one of each.
func wrongOrder(firsts, seconds []call) bool {
	if len(firsts) == 0 || len(seconds) == 0 {
		return false
	}
	for _, a := range firsts {
		for _, b := range seconds {
			if a.late || b.late || a.pos < b.pos || sharesLoop(a, b) || a.pos == token.NoPos {
				return false
			}
		}
	}
	return true
}
