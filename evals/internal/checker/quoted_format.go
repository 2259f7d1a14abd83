package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
)

// KindQuotedFormat is a format a sentence quotes as the first argument of
// a call, the other arguments perhaps elided: "`fmt.Sprintf("%s [%v]",
// ...)`".
const KindQuotedFormat = "quoted_format"

// formatCallSpanRe is a code span that calls a function with a string
// literal first: its callee and the literal.
var formatCallSpanRe = regexp.MustCompile("`([A-Za-z_][\\w.]*)\\(\\s*(\"(?:[^\"\\\\]|\\\\.)*\")")

// checkQuotedFormats judges the format a sentence quotes a call with
// (its other arguments may be elided): when no call of the module of the
// same callee has that format, while one has a format that differs from
// it in its verbs only, the quote is contradicted: a verb misquoted.
func (c *Checker) checkQuotedFormats(prose string, _ []Claim, results []Result) []Result {
	for _, m := range formatCallSpanRe.FindAllStringSubmatchIndex(prose, -1) {
		if quotedOnPurpose(prose, m[0]) {
			continue
		}
		callee := prose[m[2]:m[3]]
		quoted, err := strconv.Unquote(prose[m[4]:m[5]])
		if err != nil || !formatVerbRe.MatchString(quoted) {
			continue
		}
		var near string
		same := false
		for _, call := range c.callsByCallee()[callee] {
			format, ok := firstStringArg(call)
			if !ok {
				continue
			}
			if format == quoted {
				same = true
				break
			}
			if near == "" && formatVerbRe.ReplaceAllString(format, "%v") == formatVerbRe.ReplaceAllString(quoted, "%v") {
				near = format
			}
		}
		if same || near == "" {
			continue
		}
		cl := Claim{Text: strconv.Quote(quoted), Kind: KindQuotedFormat, start: m[4], end: m[5]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("the module calls %s with the format %q, not %q", callee, near, quoted)})
	}
	return results
}

// firstStringArg returns the value of a call's first argument, written
// as a call's source, when it is a string literal.
func firstStringArg(call string) (string, bool) {
	e, err := parser.ParseExpr(call)
	if err != nil {
		return "", false
	}
	ce, ok := e.(*ast.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return "", false
	}
	lit, ok := ce.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	return v, err == nil
}
