package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// KindCitedNumber is an expression a clause quotes right before the line
// it cites, with a number the line writes otherwise: "sleeps for `10 *
// time.Millisecond` (clock.go:417)" of time.Sleep(1 * time.Millisecond).
const KindCitedNumber = "cited_number"

// numberInCodeRe is a number written in code: an integer or a decimal.
var numberInCodeRe = regexp.MustCompile(`\b\d+(?:\.\d+)?\b`)

// checkNumbersAtLines judges each expression quoted right before a
// cited line that holds a number and a name: when the cited statement
// writes the same expression with other numbers only, the quote is
// wrong (a constant misquoted).
func (c *Checker) checkNumbersAtLines(prose string, _ []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode {
			continue
		}
		from, _ := clauseAround(prose, r.start)
		before := prose[from:r.start]
		loc := adjacentSpanRe.FindStringSubmatchIndex(before)
		if loc == nil {
			continue
		}
		span := before[loc[2]:loc[3]]
		want := tightSpace(span)
		if !numberInCodeRe.MatchString(want) || !strings.ContainsAny(want, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			continue
		}
		pattern := regexp.MustCompile(numberPattern(want))
		file, line := splitFileLine(r.Text)
		for _, st := range c.statementsAt(file, line) {
			held := tightSpace(st.text)
			if strings.Contains(held, want) {
				continue
			}
			if m := pattern.FindString(held); m != "" {
				cl := Claim{Text: span, Kind: KindCitedNumber, start: from + loc[2], end: from + loc[3]}
				results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d writes %s, not %s", st.file, line, m, want)})
			}
		}
	}
	return results
}

// numberPattern writes code as a pattern that matches it with any
// numbers in place of its own, and names whole.
func numberPattern(code string) string {
	var b strings.Builder
	last := 0
	for _, loc := range numberInCodeRe.FindAllStringIndex(code, -1) {
		b.WriteString(regexp.QuoteMeta(code[last:loc[0]]))
		b.WriteString(`\d+(?:\.\d+)?`)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(code[last:]))
	p := b.String()
	if isWordByte(code[0]) {
		p = `\b` + p
	}
	if isWordByte(code[len(code)-1]) {
		p += `\b`
	}
	return p
}
