package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strings"
)

// citedStatementElsewhere judges a statement a clause quotes right
// before the line it cites ("resets it with `*id = nilID` at id.go:240",
// "`n++` (f.go:12)"): when the cited statement does not hold it, while
// another line of the same file does, the line is another statement's.
// Only an assignment, an increment, a send or a return with values is
// read, and with calls a call written as a statement ("with
// `d.pool.Put(dec)` at f.go:186"): a name may be quoted beside the line
// that uses it. A cited statement that holds the quote with more after
// it ("`Mode = iota`" of "Mode = iota + 1") holds another value.
func (c *Checker) citedStatementElsewhere(before, file string, ref lineRef, stmt string, calls bool) (string, bool) {
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
	case *ast.ExprStmt:
		if _, call := st.X.(*ast.CallExpr); !call || !calls {
			return "", false
		}
	case *ast.ReturnStmt:
		if len(st.Results) == 0 {
			return "", false
		}
	default:
		return "", false
	}
	want := tightSpace(span)
	if held := tightSpace(stmt); containsWhole(held, want) {
		if i := strings.Index(held, want); i >= 0 && !calls && strings.IndexByte("+-*/%|&^<>", after(held, i+len(want))) >= 0 {
			return fmt.Sprintf("%s:%d holds %q, more than `%s`", file, ref.line, strings.TrimSpace(stmtHead(stmt)), strings.TrimSpace(span)), true
		}
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

// after is the byte of s at i, or 0 past its end.
func after(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// pairSpanValueRe is a span that writes one key of a composite literal
// with a literal value ("`maxArraySize: 1000`").
var pairSpanValueRe = regexp.MustCompile("`" + `([A-Za-z_]\w*)\s*:\s*(-?\d[\w.]*|"[^"` + "`" + `]*"|true|false)` + "`")

// citedPairDiffers judges a key of a composite literal the clause quotes
// with a literal value before the line it cites ("with `maxArraySize:
// 1000` in the literal at f.go:83"): when the cited statement writes
// that key with another literal, the value is wrong.
func citedPairDiffers(before, file string, ref lineRef, stmt string) (string, bool) {
	for _, m := range pairSpanValueRe.FindAllStringSubmatch(before, -1) {
		have := regexp.MustCompile(`(?:^|[{,\s])` + regexp.QuoteMeta(m[1]) + `\s*:\s*(-?\d[\w.]*|"[^"]*"|true|false)\s*(?:[,}]|$)`).FindStringSubmatch(strings.TrimSpace(stmt))
		if have != nil && have[1] != m[2] {
			return fmt.Sprintf("%s:%d writes %s: %s, not %s", file, ref.line, m[1], have[1], m[2]), true
		}
	}
	return "", false
}

// comparedPairRe is a clause that says two quoted things are compared,
// right before the line it cites: "compares `len(s)` with
// `stringEncodedLength` at f.go:182".
var comparedPairRe = regexp.MustCompile("(?i)\\bcompar(?:es|ing|ed)\\s+`([^`]+)`\\s+(?:with|to|against|and)\\s+`([^`]+)`\\s*(?:\\(|at|on\\s+line)?$")

// citedCompareMissing judges two things said to be compared at the line
// cited right after ("compares `len(s)` with `max` at f.go:182"): the
// statement there must write both, with a comparison between them.
func citedCompareMissing(before, file string, ref lineRef, stmt string) (string, bool) {
	m := comparedPairRe.FindStringSubmatch(strings.TrimSpace(before))
	if m == nil {
		return "", false
	}
	flat := tightSpace(stmt)
	x, y := tightSpace(m[1]), tightSpace(m[2])
	if !strings.Contains(flat, x) || !strings.Contains(flat, y) || !compareOpRe.MatchString(flat) {
		return fmt.Sprintf("%s:%d holds %q, which does not compare %s with %s", file, ref.line, strings.TrimSpace(stmtHead(stmt)), m[1], m[2]), true
	}
	return "", false
}

// checkComparedAtLines judges each line a clause cites right after
// saying two quoted things are compared there (citedCompareMissing),
// whatever claim the line was placed on.
func (c *Checker) checkComparedAtLines(prose string, _ []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode {
			continue
		}
		from, _ := clauseAround(prose, r.start)
		file, line := splitFileLine(r.Text)
		for _, st := range c.statementsAt(file, line) {
			if reason, missing := citedCompareMissing(prose[from:r.start], st.file, lineRef{file: file, line: line}, st.text); missing {
				cl := Claim{Text: r.Text, Kind: KindCompare, start: r.start, end: r.end}
				results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: reason})
			}
		}
	}
	return results
}

// compareOpRe finds a comparison operator.
var compareOpRe = regexp.MustCompile(`==|!=|<=|>=|[^<-]<[^-<]|[^>-]>[^>=]`)

// placedCallLines lists the file:line claims lineRefs leaves to the claim
// right beside them when that claim is a call quoted whole before the
// line ("with `d.pool.Put(dec)` at f.go:186").
func (c *Checker) placedCallLines(prose string, claims []Claim, results []Result) []lineRef {
	var refs []lineRef
	for i, r := range results {
		if r.Kind != KindFileLine || r.InCode || !placedOn(prose, claims, r.Claim) {
			continue
		}
		loc := adjacentSpanRe.FindStringSubmatchIndex(prose[:r.start])
		if loc == nil || !callSpanRe.MatchString(prose[loc[2]:loc[3]]) {
			continue
		}
		file, line := splitFileLine(r.Text)
		refs = append(refs, lineRef{file: file, line: line, start: r.start, end: r.end, result: i, placed: true})
	}
	return refs
}

// placedCallElsewhere judges a line placed on the call quoted right
// before it: citedStatementElsewhere's verdict on the call, in every
// module file the line may mean, unless the line is in the callee (the
// clause says the call reaches it).
func (c *Checker) placedCallElsewhere(prose string, claims []Claim, ref lineRef) (string, bool) {
	from, to := clauseAround(prose, ref.start)
	var reasons []string
	for _, file := range c.refFiles(claims, ref, from, to) {
		if c.inCallee(prose, claims, from, to, file, ref.line) {
			return "", false
		}
		first, last := c.statementLines(file, ref.line)
		stmt := strings.Join(c.views().code[file][first-1:last], "\n")
		reason, elsewhere := c.citedStatementElsewhere(prose[from:ref.start], file, ref, stmt, true)
		if !elsewhere {
			reason, elsewhere = citedCallDiffers(prose[from:ref.start], file, ref, stmt)
		}
		if !elsewhere {
			return "", false
		}
		reasons = append(reasons, reason)
	}
	return strings.Join(reasons, "; "), len(reasons) > 0
}

// citedCallDiffers judges a call quoted whole right before the line it
// cites ("calls `cb.onSuccess(state, gen, now)` (f.go:270)"): when the
// statement there calls the same function, only with other arguments,
// the quote is not what the line holds. A quote that elides arguments
// ("`f(ctx, …)`") does not parse and is not read; one that leaves out
// the receiver ("`onSuccess(…)`" of "cb.onSuccess(…)") is read as the
// same callee.
func citedCallDiffers(before, file string, ref lineRef, stmt string) (string, bool) {
	loc := adjacentSpanRe.FindStringSubmatchIndex(before)
	if loc == nil {
		return "", false
	}
	node, _ := parseSnippet(before[loc[2]:loc[3]])
	if st, ok := node.(*ast.BlockStmt); ok && len(st.List) == 1 {
		if es, ok := st.List[0].(*ast.ExprStmt); ok {
			node = es.X
		}
	}
	call, ok := node.(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return "", false
	}
	head := tightSpace(types.ExprString(call.Fun)) + "("
	want, ok := strings.CutPrefix(tightSpace(before[loc[2]:loc[3]]), head)
	if !ok {
		return "", false
	}
	held := tightSpace(stmt)
	var other string
	for i := 0; ; {
		j := strings.Index(held[i:], head)
		if j < 0 {
			break
		}
		j += i
		i = j + len(head)
		if j > 0 && identByte(held[j-1]) {
			continue
		}
		args, ok := balancedArgs(held[i:])
		if !ok {
			continue
		}
		if args+")" == want {
			return "", false
		}
		if other == "" {
			other = held[j:i] + args + ")"
		}
	}
	if other == "" {
		return "", false
	}
	return fmt.Sprintf("%s:%d calls %s, not `%s`", file, ref.line, other, strings.TrimSpace(before[loc[2]:loc[3]])), true
}

// balancedArgs is the text of s up to the parenthesis that closes the
// one opened before it, and whether s has one.
func balancedArgs(s string) (string, bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return s[:i], s[i] == ')'
			}
			depth--
		case '"', '\'', '`':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' && q != '`' {
					i++
				}
			}
		}
	}
	return "", false
}

// citedCompareCut judges a comparison quoted right before the line it
// cites ("when `n == config.attempts` (f.go:204)"): when the statement
// there writes it with more of an arithmetic expression after it
// ("n == config.attempts-1"), the quote leaves out part of the bound.
func citedCompareCut(before, file string, ref lineRef, stmt string) (string, bool) {
	loc := adjacentSpanRe.FindStringSubmatchIndex(before)
	if loc == nil {
		return "", false
	}
	e, err := parser.ParseExpr(before[loc[2]:loc[3]])
	b, ok := e.(*ast.BinaryExpr)
	if err != nil || !ok || !comparisonOp(b.Op) {
		return "", false
	}
	want, held := tightSpace(before[loc[2]:loc[3]]), tightSpace(stmt)
	found := false
	for i := 0; ; {
		j := strings.Index(held[i:], want)
		if j < 0 {
			break
		}
		j += i
		i = j + len(want)
		if j > 0 && identByte(held[j-1]) || identByte(after(held, i)) || after(held, i) == '.' || after(held, i) == '(' || after(held, i) == '[' {
			continue
		}
		if strings.IndexByte("+-*/%", after(held, i)) < 0 {
			return "", false // written as quoted
		}
		found = true
	}
	if !found {
		return "", false
	}
	return fmt.Sprintf("%s:%d holds %q, more than `%s`", file, ref.line, strings.TrimSpace(stmtHead(stmt)), strings.TrimSpace(before[loc[2]:loc[3]])), true
}
