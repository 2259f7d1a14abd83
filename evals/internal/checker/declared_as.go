package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// declaredAsRe follows a cited line with the code said to be there: "is
// declared at envconfig.go:20 as `errors.New("…")`", "(f.go:12) as `x := 3`".
var declaredAsRe = regexp.MustCompile("^\\)?\\s*,?\\s*(?:as|to|with|reading|which reads)\\s+`([^`]+)`")

// checkDeclaredAs judges the code a sentence quotes right after a cited
// line it placed on a name ("`ErrX` is declared at f.go:20 as
// `errors.New("…")`"): the name's own check places the line, but what
// the line is said to hold must be there too, its names and its
// literals.
func (c *Checker) checkDeclaredAs(prose string, claims []Claim, results []Result) []Result {
	for i, r := range results {
		if r.Kind != KindFileLine || r.InCode || r.Verdict != Verified || !placedOn(prose, claims, r.Claim) {
			continue
		}
		m := declaredAsRe.FindStringSubmatchIndex(prose[r.end:])
		if m == nil {
			continue
		}
		quoted := prose[r.end+m[2] : r.end+m[3]]
		if !stringLitRe.MatchString(quoted) {
			continue // names alone: their own claims judge them
		}
		file, line := splitFileLine(r.Text)
		var held []string
		for _, st := range c.statementsAt(file, line) {
			if !literalAbsent(quoted, st.text) {
				held = nil
				break
			}
			held = append(held, fmt.Sprintf("%s:%d holds %q", st.file, line, strings.TrimSpace(stmtHead(st.text))))
		}
		if len(held) > 0 {
			results[i].Verdict, results[i].Reason = Contradicted, strings.Join(held, "; ")+", not the literal the sentence quotes there"
		}
	}
	return results
}

// checkPlacedCalls judges a package's function said to be called at the
// line cited right after it ("retries with `os.Getenv(key)` at
// env.go:195"): the call's own check finds the package, and the line,
// placed on the call, must hold it, whatever else of the clause it
// holds.
func (c *Checker) checkPlacedCalls(prose string, claims []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode || !placedOn(prose, claims, r.Claim) {
			continue
		}
		file, line := splitFileLine(r.Text)
		for i, res := range results {
			if res.Verdict != Verified || res.fromExpr || res.end > r.start || !atRe.MatchString(prose[res.end:r.start]) {
				continue
			}
			q := c.packageQualified(res.Claim)
			if q == "" || len(c.m.FindFile(file)) == 0 {
				continue
			}
			if c.usedNear(c.m.FindFile(file), q, line) == "" {
				results[i].Verdict, results[i].Reason = Contradicted, fmt.Sprintf("%s is not called at %s:%d", q, file, line)
			}
		}
	}
	return results
}
