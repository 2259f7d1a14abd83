package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
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

// quotedFirstRe joins two quoted things the other way: the first tried
// "first", then the one it "falls back to": "looks at `A` first and
// falls back to `B`", "tries `A` first, then `B`".
var quotedFirstRe = regexp.MustCompile(`(?i)^\s+first,?\s+(?:and\s+)?(?:(?:only\s+)?then\s+)?(?:(?:falls?\s+back\s+(?:to|on)|[a-z]+s(?:\s+(?:at|for|to))?|[a-z]+s(?:\s+(?:the|a|an|its))?(?:\s+[a-z]+){1,2}\s+(?:with|using|via|by))\s+)?(?:the\s+)?$`)

// quotedThenRe joins two quoted things with "and (only) then" or "and
// only after that" when the words before the first say it comes first:
// "first reads the entropy into `A` and only then calls `B`".
var quotedThenRe = regexp.MustCompile(`(?i)^\s*,?\s*and\s+(?:only\s+)?(?:then|after\s+that(?:\s+(?:branch|step|check|call))?|afterwards)\s+(?:[a-z]+s(?:\s+(?:the|a|an|its))?(?:\s+[a-z]+){0,2}\s+(?:with|using|via|by)\s+|[a-z]+s\s+)?(?:the\s+)?$`)

// firstLeadRe finds "first" among the words before a quoted step.
var firstLeadRe = regexp.MustCompile(`(?i)\bfirst\b`)

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
			between := prose[cl.end+a[1] : cl.end+b[0]]
			mm := quotedOrderRe.FindStringSubmatch(between)
			if mm == nil && quotedFirstRe.MatchString(between) {
				mm = []string{between, "before"}
			}
			if mm == nil && quotedThenRe.MatchString(between) && firstLeadRe.MatchString(outsideCode(prose[cl.end:cl.end+a[0]])) {
				mm = []string{between, "before"}
			}
			if mm == nil {
				continue
			}
			first := stepStatement(prose[cl.end:cl.end+a[0]], collapseSpace(prose[cl.end+a[2]:cl.end+a[3]]))
			second := stepStatement(between, collapseSpace(prose[cl.end+b[2]:cl.end+b[3]]))
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
// text, spaces collapsed, is text, as callsIn lists calls; a text that
// no statement is may be a string the body writes, or the one a package
// constant or variable it names holds (`xForwardedProto =
// http.CanonicalHeaderKey("X-Forwarded-Proto")`).
func (c *Checker) placesOf(f *source.Func, text string) []call {
	if out := c.statementPlaces(f, text); len(out) > 0 {
		return out
	}
	return c.stringPlaces(f, text)
}

// stringPlaces lists where f's body writes the string text, or names a
// package-level constant or variable whose value is written with it.
func (c *Checker) stringPlaces(f *source.Func, text string) []call {
	if f.Pkg.TypesInfo == nil || strings.ContainsAny(text, "\n") {
		return nil
	}
	holds := c.stringHolders(text)
	var out []call
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		switch n := n.(type) {
		case *ast.BasicLit:
			if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && v == text {
				out = append(out, placedIn(call{pos: n.Pos()}, around))
			}
		case *ast.Ident:
			if o := f.Pkg.TypesInfo.Uses[n]; o != nil && holds[o] {
				out = append(out, placedIn(call{fn: o, pos: n.Pos()}, around))
			}
		}
	})
	return out
}

// stringHolders returns the module's package-level constants and
// variables whose value is written with the string text: `name =
// "text"` or `name = f("text")`.
func (c *Checker) stringHolders(text string) map[types.Object]bool {
	out := map[types.Object]bool{}
	for obj, n := range c.packageInits() {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			if name.Name == obj.Name() && writesString(vs.Values[i], text) {
				out[obj] = true
			}
		}
	}
	return out
}

// writesString reports whether e is the string text, or a call whose
// one argument is.
func writesString(e ast.Expr, text string) bool {
	if ce, ok := e.(*ast.CallExpr); ok && len(ce.Args) == 1 {
		e = ce.Args[0]
	}
	bl, ok := e.(*ast.BasicLit)
	if !ok || bl.Kind != token.STRING {
		return false
	}
	v, err := strconv.Unquote(bl.Value)
	return err == nil && v == text
}

// statementPlaces lists the statements and calls of f's body whose
// one-line text, spaces collapsed, is text.
func (c *Checker) statementPlaces(f *source.Func, text string) []call {
	var out []call
	inspectAround(f.Decl.Body, func(n ast.Node, around []ast.Node) {
		switch n.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.CallExpr, *ast.SendStmt, *ast.TypeAssertExpr, *ast.SliceExpr, *ast.IndexExpr:
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
	if start.Line != end.Line {
		return ""
	}
	return collapseSpace(c.sourceOf(n))
}

// wrongOrder reports whether every place of first comes after every place
// of second, none late and no loop holding one of each.
func wrongOrder(firsts, seconds []call) bool {
	if len(firsts) == 0 || len(seconds) == 0 {
		return false
	}
	if wrong, paired := wrongInLoops(firsts, seconds); paired {
		return wrong
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

// counterVerbRe ends the words before a variable said to be counted up
// or down: "increments `n`", "it decrements".
var counterVerbRe = regexp.MustCompile(`(?i)\b(increments|incrementing|decrements|decrementing)\s*$`)

// stepStatement is the statement a quoted name stands for after the
// verb before it: "increments `n`" is `n++`, "decrements `n`" `n--`;
// any other quote stands for itself.
func stepStatement(before, quoted string) string {
	m := counterVerbRe.FindStringSubmatch(before)
	if m == nil || !identRe.MatchString(quoted) {
		return quoted
	}
	if strings.HasPrefix(strings.ToLower(m[1]), "inc") {
		return quoted + "++"
	}
	return quoted + "--"
}

// wrongInLoops judges the order of two statements quoted whole, each
// written once per loop body, in one loop or several (one loop for each
// case of a function), where one iteration runs them in the order they
// are written: paired
// is true when every place of each shares a loop's body with a place of
// the other, and wrong when in every such pair the first is written
// after the second.
func wrongInLoops(firsts, seconds []call) (wrong, paired bool) {
	met := map[int]bool{}
	wrong = true
	for _, a := range firsts {
		found := false
		for j, b := range seconds {
			if loop := innermostShared(a, b); a.late || b.late || loop != nil && bothInBody(loop, a.pos, b.pos) {
				found = true
				met[j] = true
				wrong = wrong && a.pos > b.pos && !a.late && !b.late
			}
		}
		if !found {
			return false, false
		}
	}
	return wrong, len(met) == len(seconds)
}

// innermostShared is the innermost loop around both places, or nil.
func innermostShared(a, b call) ast.Node {
	var out ast.Node
	for _, x := range a.loops {
		for _, y := range b.loops {
			if x == y {
				out = x
			}
		}
	}
	return out
}

// bothInBody reports whether two places are in one loop's body, where
// one iteration runs them in the order they are written; a place in its
// header (a for loop's post statement) runs after the body.
func bothInBody(loop ast.Node, a, b token.Pos) bool {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	default:
		return false
	}
	in := func(p token.Pos) bool { return body.Pos() < p && p < body.End() }
	return in(a) && in(b)
}
