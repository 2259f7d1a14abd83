package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"strings"
)

// KindWhenOtherwise is what a sentence says a function does when a
// condition holds and otherwise: "writes `buf.WriteRune(c)` when
// `sub[c]` is present, and `buf.WriteString(d)` otherwise".
const KindWhenOtherwise = "when_otherwise"

// whenOtherwiseRe finds a condition in a code span after "when" or "if",
// with the words that say it holds or not, in a sentence that says what
// happens "otherwise" after it.
var whenOtherwiseRe = regexp.MustCompile("(?i)\\b(?:when|if)\\s+`([^`]+)`((?:\\s+(?:is|are|holds|returns))?(?:\\s+(?:not|false|nil|empty|absent|missing|true|set|present|non-empty|non-nil))?)")

// branchTokenRe is what a sentence says a branch writes: a code span or
// a double-quoted string.
var branchTokenRe = regexp.MustCompile("`([^`]+)`|\"([^\"`\\n]{1,40})\"")

// negativeWordsRe says a condition does not hold.
var negativeWordsRe = regexp.MustCompile(`(?i)\b(?:not|false|nil|empty|absent|missing)\b`)

// checkWhenOtherwise judges a sentence that says what the code does
// when a quoted condition holds and what it does otherwise: when every
// if statement of the module that tests that condition writes the first
// thing only in its else branch and the second only in its then branch,
// the sentence has the branches the wrong way round.
func (c *Checker) checkWhenOtherwise(prose string, _ []Claim, results []Result) []Result {
	for _, m := range whenOtherwiseRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, m[0])
		rest := prose[m[1]:to]
		other := strings.Index(strings.ToLower(rest), "otherwise")
		if other < 0 || quotedOnPurpose(prose, m[0]) {
			continue
		}
		first := lastToken(prose[from:m[0]])
		second := lastToken(rest[:other])
		if second == "" {
			second = firstToken(rest[other:])
		}
		if first == "" || second == "" || first == second {
			continue
		}
		cond := tightSpace(prose[m[2]:m[3]])
		holds := !negativeWordsRe.MatchString(prose[m[4]:m[5]])
		swapped, straight := c.branchesWith(cond, first, second, holds)
		if swapped == "" || straight {
			continue
		}
		cl := Claim{Text: cond, Kind: KindWhenOtherwise, start: m[0], end: m[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s: the branch where %s holds writes %s, the other %s", swapped, cond, second, first)})
	}
	return results
}

// lastToken and firstToken return the last or the first code span or
// quoted string of s, quotes kept for a string; "" when s has none.
func lastToken(s string) string {
	all := branchTokenRe.FindAllStringSubmatch(s, -1)
	if len(all) == 0 {
		return ""
	}
	return tokenText(all[len(all)-1])
}

func firstToken(s string) string {
	m := branchTokenRe.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return tokenText(m)
}

// tokenText is a branchTokenRe match as code: a span's text, or a
// string with its quotes.
func tokenText(m []string) string {
	if m[1] != "" {
		return tightSpace(m[1])
	}
	return `"` + m[2] + `"`
}

// branchesWith returns where an if statement of the module that tests
// cond (in its condition or its init) writes first only in the branch
// where cond does not hold and second only where it does, when holds
// says the sentence puts first under cond (swapped: its place); and
// straight is true when one such statement has them the sentence's way.
func (c *Checker) branchesWith(cond, first, second string, holds bool) (swapped string, straight bool) {
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				is, ok := n.(*ast.IfStmt)
				if !ok || is.Else == nil {
					return true
				}
				whole := tightSpace(c.sourceOf(is.Cond))
				head := whole
				if is.Init != nil {
					head += ";" + tightSpace(c.sourceOf(is.Init))
				}
				if !containsWhole(head, cond) {
					return true
				}
				if whole != cond && (!holds || !plainCondition(is.Cond)) {
					// The quote is part of the condition (r.TLS of
					// r.TLS == nil): its words ("is nil") may be the
					// comparison's own; only a plain test (ok, a flag)
					// said to hold is read.
					return true
				}
				then, other := tightSpace(c.sourceOf(is.Body)), tightSpace(c.sourceOf(is.Else))
				if !holds {
					then, other = other, then
				}
				switch {
				case writesOnly(then, first, second) && writesOnly(other, second, first):
					straight = true
				case writesOnly(then, second, first) && writesOnly(other, first, second):
					pos := c.m.Fset.Position(is.Pos())
					swapped = fmt.Sprintf("%s:%d", c.m.Rel(pos.Filename), pos.Line)
				}
				return true
			})
		}
	}
	return swapped, straight
}

// plainCondition reports whether an if statement's condition is a plain
// test: a name, a field, an index or a call, no operator.
func plainCondition(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr:
		return true
	}
	return false
}

// writesOnly reports whether code holds want, as a whole name or
// expression, and not not; not is not looked for when want holds it
// ("busy:" + label holds label).
func writesOnly(code, want, not string) bool {
	return containsWhole(code, want) && (strings.Contains(want, not) || !containsWhole(code, not))
}

// sourceOf is the module's source text of a node, "" when it cannot be
// read.
func (c *Checker) sourceOf(n ast.Node) string {
	start, end := c.m.Fset.Position(n.Pos()), c.m.Fset.Position(n.End())
	lines := c.m.Files[c.m.Rel(start.Filename)]
	if !start.IsValid() || start.Line > end.Line || end.Line > len(lines) ||
		start.Column < 1 || start.Column-1 > len(lines[start.Line-1]) || end.Column-1 > len(lines[end.Line-1]) ||
		start.Line == end.Line && start.Column > end.Column {
		return ""
	}
	if start.Line == end.Line {
		return lines[start.Line-1][start.Column-1 : end.Column-1]
	}
	var b strings.Builder
	b.WriteString(lines[start.Line-1][start.Column-1:])
	for l := start.Line + 1; l < end.Line; l++ {
		b.WriteString("\n" + lines[l-1])
	}
	b.WriteString("\n" + lines[end.Line-1][:end.Column-1])
	return b.String()
}
