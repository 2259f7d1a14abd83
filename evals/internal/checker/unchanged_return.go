package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"
)

// KindUnchangedReturn is a claim that a cited return statement gives a
// value back as it came: "returns the incoming `r` unchanged
// (router.go:94)".
const KindUnchangedReturn = "unchanged_return"

// unchangedReturnRe is "returns `X` unchanged" (or "as is", "untouched",
// "itself"), with a few words before the span ("the incoming `r`").
var unchangedReturnRe = regexp.MustCompile("(?i)\\breturns\\s+(?:(?:the|its|a)\\s+)?(?:\\w+\\s+){0,2}`([^`]+)`\\s+(?:unchanged|as\\s+is|untouched|itself|as\\s+it\\s+came)\\b")

// checkUnchangedReturns judges "returns `X` unchanged" with a line cited
// in its clause: the statement at that line must be a return whose value
// is X as written, not a new value made from it (`r.WithContext(ctx)`).
func (c *Checker) checkUnchangedReturns(prose string, claims []Claim, results []Result) []Result {
	for _, mm := range unchangedReturnRe.FindAllStringSubmatchIndex(prose, -1) {
		want := strings.TrimSpace(prose[mm[2]:mm[3]])
		if !identRe.MatchString(want) && !selectorRe.MatchString(want) {
			continue
		}
		from, to := clauseAround(prose, mm[0])
		for _, cl := range claims {
			if cl.Kind != KindFileLine || cl.start < from || cl.end > to {
				continue
			}
			file, line := splitFileLine(cl.Text)
			files := c.inRange(c.m.FindFile(file), line)
			if len(files) != 1 {
				continue
			}
			first, last := c.statementLines(files[0], line)
			stmt := strings.TrimSpace(strings.Join(c.views().code[files[0]][first-1:last], "\n"))
			got, ok := returnedExprs(stmt)
			if !ok || slices.Contains(got, want) {
				continue
			}
			claim := Claim{Text: fmt.Sprintf("returns %s unchanged at %s", want, cl.Text), Kind: KindUnchangedReturn, start: mm[0], end: cl.end}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d returns %s, not %s as it came", files[0], line, strings.Join(got, ", "), want)})
		}
	}
	return results
}

// returnedExprs returns the values a return statement gives, as written;
// false for anything else.
func returnedExprs(stmt string) ([]string, bool) {
	values, ok := strings.CutPrefix(stmt, "return ")
	if !ok {
		return nil, false
	}
	ret, ok := parseReturn(values)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range ret.Results {
		out = append(out, types.ExprString(e))
	}
	return out, true
}
