package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// KindQuotedCall is a call quoted as the code writes it: "`Classic`
// returns `New(NewLogger(), NewRecovery())`", "made with `make([]T, 7)`".
const KindQuotedCall = "quoted_call"

// proposalRe marks a sentence that may quote code the module does not
// hold on purpose: a fix, an alternative, an example, a negation.
// modalRe marks a sentence that may say what the code should do rather
// than what it does: a fix, a change, a move.
var modalRe = regexp.MustCompile(`(?i)\b(?:should|must|needs?\s+to|could|would|ought|instead|rather|fix|fixing|change|changing|replace|replacing|try|consider|suggest\w*|move|swap|reorder)\b`)

var proposalRe = regexp.MustCompile(`(?i)\b(?:` + proposalWords + `|` + negationWords + `)\b`)

// proposalWords are the words of a fix or an example; negationWords those
// of a negation ("not `x`", "instead of `x`").
const (
	proposalWords = `should|replace\w*|change\w*|use|using|fix\w*|add|adding|could|would|must|need\w*|example|e\.g|such as|like|try|consider|suggest\w*|if you|you`
	negationWords = `not|never|without|unlike|instead|rather`
)

// checkQuotedCalls judges the calls a sentence quotes in code spans
// against the module's calls of the same callee, written the same way:
// when no call of the module is written as quoted, while one of them has
// the same arguments in another order, or the same arguments but one
// number ("7" where the code has "8", "5 * time.Minute" where it has
// "time.Minute"), the quote is
// contradicted. A quote no module call resembles that closely (a
// paraphrase, other variables) is not read, nor is a sentence that may
// quote code on purpose (a fix, an example, a negation).
func (c *Checker) checkQuotedCalls(prose string, results []Result) []Result {
	eachQuotedExpr(prose, sentenceAround, func(e ast.Expr, loc []int) {
		ast.Inspect(e, func(n ast.Node) bool {
			q, ok := n.(*ast.CallExpr)
			if !ok || len(q.Args) == 0 {
				return true
			}
			if reason, bad := c.quotedCallDiffers(q); bad {
				claim := Claim{Text: types.ExprString(q), Kind: KindQuotedCall, start: loc[0], end: loc[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
				return false
			}
			return true
		})
	})
	return results
}

// eachQuotedExpr calls each, in order, with every Go expression the prose
// quotes whole in a code span, and the span's submatch indexes in prose
// (those of backtickRe), passing over the spans of a stretch of prose
// (around gives it: the sentence, or the clause) that may quote code on
// purpose (proposalWordsRe: a fix, an example), and a span negated
// (negatedSpan).
func eachQuotedExpr(prose string, around func(string, int) (int, int), each func(e ast.Expr, loc []int)) {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := around(prose, loc[0])
		if proposalWordsRe.MatchString(outsideCode(prose[from:to])) || negatedSpan(prose, loc) {
			continue
		}
		e, err := parser.ParseExpr(prose[loc[2]:loc[3]])
		if err != nil {
			continue
		}
		each(e, loc)
	}
}

// negatedSpan reports whether the code span at loc (backtickRe's
// submatch indexes) may be quoted as what the code does not do: a
// negation among the last six words leading to it ("never `g(1)`") or
// after it in its clause ("`g(1)` is not called"). A negation elsewhere
// in the sentence says something else ("for a value that is not a
// string, `Scan` returns `…`").
func negatedSpan(prose string, loc []int) bool {
	from, to := nearLead(prose, loc[0])
	if negationRe.MatchString(outsideCode(prose[from:to])) {
		return true
	}
	_, end := clauseAround(prose, loc[0])
	if end <= loc[1] {
		return false
	}
	// "… when the list is not empty": a condition after the quote,
	// whose negation is its own.
	after := outsideCode(prose[loc[1]:end])
	if i := conditionWordRe.FindStringIndex(after); i != nil {
		after = after[:i[0]]
	}
	return negationRe.MatchString(after)
}

// quotedCallDiffers compares a quoted call with the module's calls of
// its callee.
func (c *Checker) quotedCallDiffers(q *ast.CallExpr) (string, bool) {
	calls := c.callsByCallee()[types.ExprString(q.Fun)]
	if len(calls) == 0 {
		return "", false
	}
	want := types.ExprString(q)
	var near string
	for _, m := range calls {
		if m == want {
			return "", false
		}
		mc, err := parser.ParseExpr(m)
		if err != nil {
			continue
		}
		if call, ok := mc.(*ast.CallExpr); ok && near == "" && closeCall(q, call) {
			near = m
		}
	}
	if near == "" {
		return "", false
	}
	return fmt.Sprintf("the module writes %s, not %s", near, want), true
}

// separatorsDiffer reports whether two arguments are separators that
// differ: short string literals of punctuation and spaces only ("," for
// ", " in strings.Join(list, ", ")).
func separatorsDiffer(x, y ast.Expr) bool {
	sep := func(e ast.Expr) (string, bool) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return "", false
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil || v == "" || len(v) > 4 {
			return "", false
		}
		for _, r := range v {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return "", false
			}
		}
		return v, true
	}
	a, okA := sep(x)
	b, okB := sep(y)
	return okA && okB && a != b
}

// closeCall reports whether two calls differ only in the order of three
// or more arguments, or in one argument: in its numbers only, in the
// words of a message quoted whole, or in the member of a package it
// names.
func closeCall(a, b *ast.CallExpr) bool {
	if len(a.Args) != len(b.Args) || a.Ellipsis.IsValid() != b.Ellipsis.IsValid() {
		return false
	}
	var as, bs []string
	var diff []int
	for i := range a.Args {
		x, y := types.ExprString(a.Args[i]), types.ExprString(b.Args[i])
		as, bs = append(as, x), append(bs, y)
		if x != y {
			diff = append(diff, i)
		}
	}
	if len(diff) == 1 {
		// Numbers only, however deep in the argument ("id[8:10]" for
		// "id[7:9]"), or a message misquoted rather than shortened or
		// given as an example of its kind ("intParam(r, "commentID")").
		if numbersOnlyDiffer(a.Args[diff[0]], b.Args[diff[0]]) || misquotedMessage(a.Args[diff[0]], b.Args[diff[0]]) || siblingConstants(a.Args[diff[0]], b.Args[diff[0]]) || separatorsDiffer(a.Args[diff[0]], b.Args[diff[0]]) {
			return true
		}
		// Or a count of one unit ("5 * time.Minute" for "time.Minute").
		xn, xu := scaledUnit(a.Args[diff[0]])
		yn, yu := scaledUnit(b.Args[diff[0]])
		return xu != "" && xu == yu && xn != yn
	}
	if len(a.Args) < 2 {
		return false
	}
	// Three arguments at least: two may be those of a symmetric function
	// (max(a, b), bytes.Equal(x, y)).
	sort.Strings(as)
	sort.Strings(bs)
	return len(diff) > 1 && len(as) >= 3 && strings.Join(as, "\x00") == strings.Join(bs, "\x00")
}

// siblingConstants reports whether two arguments name two exported
// members of one package ("time.RFC1123" for "time.RFC3339"): one
// constant of a family quoted for another.
func siblingConstants(a, b ast.Expr) bool {
	x, ok1 := a.(*ast.SelectorExpr)
	y, ok2 := b.(*ast.SelectorExpr)
	if !ok1 || !ok2 || x.Sel.Name == y.Sel.Name || !x.Sel.IsExported() || !y.Sel.IsExported() {
		return false
	}
	px, ok1 := x.X.(*ast.Ident)
	py, ok2 := y.X.(*ast.Ident)
	return ok1 && ok2 && px.Name == py.Name && !ast.IsExported(px.Name)
}

// scaledUnit reads an argument written as a count of a named unit: "5 *
// time.Minute" is 5 and time.Minute, "time.Minute" 1 and time.Minute;
// the unit is "" for anything else.
func scaledUnit(e ast.Expr) (string, string) {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		return "1", types.ExprString(e)
	case *ast.BinaryExpr:
		n, ok := e.X.(*ast.BasicLit)
		u, isSel := e.Y.(*ast.SelectorExpr)
		if e.Op == token.MUL && ok && isSel && (n.Kind == token.INT || n.Kind == token.FLOAT) {
			return n.Value, types.ExprString(u)
		}
	}
	return "", ""
}

// callsByCallee maps each callee, as written, to the calls of the
// module's code that name it, as types.ExprString writes them.
func (c *Checker) callsByCallee() map[string][]string {
	c.callsOnce.Do(func() {
		c.calls = map[string][]string{}
		for _, p := range c.m.Pkgs {
			for _, f := range p.Syntax {
				ast.Inspect(f, func(n ast.Node) bool {
					if ce, ok := n.(*ast.CallExpr); ok {
						k := types.ExprString(ce.Fun)
						c.calls[k] = append(c.calls[k], types.ExprString(ce))
					}
					return true
				})
			}
		}
	})
	return c.calls
}

// outsideCode returns s with its code spans blanked: the words of a
// sentence, not those of the code it quotes ("template.Must").
func outsideCode(s string) string {
	return backtickRe.ReplaceAllStringFunc(s, func(b string) string { return strings.Repeat(" ", len(b)) })
}

// sentenceAround returns the bounds of the sentence holding pos: from
// after the last ". ", newline or start before it to the next one.
func sentenceAround(prose string, pos int) (int, int) {
	from := 0
	for i := pos - 1; i > 0; i-- {
		if prose[i] == '\n' || (prose[i] == ' ' && (prose[i-1] == '.' || prose[i-1] == '!' || prose[i-1] == '?')) {
			from = i + 1
			break
		}
	}
	to := len(prose)
	for i := pos; i < len(prose); i++ {
		if prose[i] == '\n' || ((prose[i] == '.' || prose[i] == '!' || prose[i] == '?') && (i+1 == len(prose) || prose[i+1] == ' ' || prose[i+1] == '\n')) {
			to = i
			break
		}
	}
	return from, to
}
