package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// spanCompareRe splits a quoted comparison, white space dropped:
// "len(kvpair)<2" into "len(kvpair)", "<", "2".
var spanCompareRe = regexp.MustCompile(`^([^=!<>]+?)(==|!=|<=|>=|<|>)([^=!<>-][^=!<>]*)$`)

// negatedOp and mirroredOp map a comparison to its negation and to the
// one that compares the same with its operands swapped.
var (
	negatedOp  = map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
	mirroredOp = map[string]string{"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
)

// checkQuotedComparisons judges a comparison quoted in a sentence that
// cites a line ("when `len(kvpair) < 2` (envconfig.go:325)"): when the
// line compares the same two operands with another operator, one that is
// neither the quoted one, its negation (the sentence may speak of the
// other branch) nor its mirror, the quote is contradicted.
func (c *Checker) checkQuotedComparisons(prose string, claims []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode {
			continue
		}
		file, line := splitFileLine(r.Text)
		ref := lineRef{file: file, line: line, start: r.start}
		from, to := clauseAround(prose, ref.start)
		for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
			span := tightSpace(prose[from+loc[2] : from+loc[3]])
			if strings.Contains(span, "&&") != strings.Contains(span, "||") {
				// A condition joined by one logical operator where the line
				// joins the same operands by the other.
				for _, file := range c.m.FindFile(ref.file) {
					if ref.line < 1 || ref.line > len(c.views().code[file]) {
						continue
					}
					first, last := c.statementLines(file, ref.line)
					stmt := tightSpace(strings.Join(c.views().code[file][first-1:last], "\n"))
					swapped := strings.NewReplacer("&&", "||", "||", "&&").Replace(span)
					if !strings.Contains(stmt, span) && strings.Contains(stmt, swapped) {
						cl := Claim{Text: prose[from+loc[2] : from+loc[3]], Kind: KindCompare, start: from + loc[0], end: from + loc[1]}
						results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d tests %s", file, ref.line, swapped)})
					}
				}
				continue
			}
			m := spanCompareRe.FindStringSubmatch(span)
			if m == nil {
				continue
			}
			x, op, y := m[1], m[2], m[3]
			for _, file := range c.m.FindFile(ref.file) {
				if ref.line < 1 || ref.line > len(c.views().code[file]) {
					continue
				}
				first, last := c.statementLines(file, ref.line)
				stmt := tightSpace(strings.Join(c.views().code[file][first-1:last], "\n"))
				have := comparedWith(stmt, x, y)
				if have == "" || have == op || have == negatedOp[op] {
					continue
				}
				cl := Claim{Text: prose[from+loc[2] : from+loc[3]], Kind: KindCompare, start: from + loc[0], end: from + loc[1]}
				results = append(results, Result{Claim: cl, Verdict: Contradicted,
					Reason: fmt.Sprintf("%s:%d compares %s %s %s", file, ref.line, x, have, y)})
			}
		}
	}
	return results
}

// comparedWith returns the operator a statement (tightSpace'd) compares x with
// y by (written x op y, or y op' x with op' the mirror), or "".
func comparedWith(stmt, x, y string) string {
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		for _, form := range []string{x + op + y, y + mirroredOp[op] + x} {
			for i := strings.Index(stmt, form); i >= 0; {
				end := i + len(form)
				if (i == 0 || !isWordByte(stmt[i-1])) && (end == len(stmt) || !isWordByte(stmt[end])) {
					return op
				}
				next := strings.Index(stmt[i+1:], form)
				if next < 0 {
					break
				}
				i += 1 + next
			}
		}
	}
	return ""
}

// isWordByte reports whether b continues an identifier, a number or a
// selector.
func isWordByte(b byte) bool {
	return b == '_' || b == '.' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// tightSpace collapses white space and drops it where it does not part
// two words ("if len(a) != 2 {" is "if len(a)!=2{").
func tightSpace(s string) string {
	f := strings.Fields(s)
	var b strings.Builder
	for i, w := range f {
		if i > 0 && isWordByte(f[i-1][len(f[i-1])-1]) && isWordByte(w[0]) {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}
