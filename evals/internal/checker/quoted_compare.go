package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
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
// other branch) nor its mirror, the quote is contradicted; so is a quoted
// field the line does not name where it compares another field of the
// same operand the same way (`l.root.prev == e` of `l.root.next == e`).
func (c *Checker) checkQuotedComparisons(prose string, claims []Claim, results []Result) []Result {
	for _, r := range results {
		if r.Kind != KindFileLine || r.InCode {
			continue
		}
		file, line := splitFileLine(r.Text)
		from, to := clauseAround(prose, r.start)
		stmts := c.statementsAt(file, line)
		for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
			quoted := prose[from+loc[2] : from+loc[3]]
			span := tightSpace(quoted)
			cl := Claim{Text: quoted, Kind: KindCompare, start: from + loc[0], end: from + loc[1]}
			for _, st := range stmts {
				if reason := comparisonDiffers(span, tightSpace(st.text)); reason != "" {
					results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s:%d %s", st.file, line, reason)})
				}
			}
		}
	}
	return results
}

// comparisonDiffers returns how a statement (tightSpace'd) tests what the
// quoted span (tightSpace'd) compares another way, or "": a condition
// joined by one logical operator where the statement joins the same
// operands by the other, or two operands compared by an operator that is
// neither the quoted one, its negation (the sentence may speak of the
// other branch) nor its mirror, or a quoted field where the statement
// compares another of the same operand (otherField).
func comparisonDiffers(span, stmt string) string {
	if strings.Contains(span, "&&") || strings.Contains(span, "||") {
		if strings.Contains(span, "&&") != strings.Contains(span, "||") {
			swapped := strings.NewReplacer("&&", "||", "||", "&&").Replace(span)
			if !strings.Contains(stmt, span) && strings.Contains(stmt, swapped) {
				return "tests " + swapped
			}
		}
		for _, leaf := range conditionLeaves(span) {
			if reason := comparisonDiffers(leaf, stmt); reason != "" {
				return reason
			}
		}
		if reason := negatedLeaf(span, stmt); reason != "" {
			return reason
		}
		return swappedSelector(span, stmt)
	}
	m := spanCompareRe.FindStringSubmatch(span)
	if m == nil {
		return ""
	}
	x, op, y := m[1], m[2], m[3]
	have := comparedWith(stmt, x, y)
	if have != "" && have != op && have != negatedOp[op] {
		return "compares " + x + " " + have + " " + y
	}
	if have == "" {
		if z := otherField(stmt, x, op, y); z != "" {
			return "compares " + z + " " + op + " " + y + ", not " + x
		}
		if z := otherField(stmt, y, mirroredOp[op], x); z != "" {
			return "compares " + z + " " + mirroredOp[op] + " " + x + ", not " + y
		}
	}
	return ""
}

// conditionLeaves returns the comparisons a condition joins with && and
// ||, each tightSpace'd ("a!=0&&n>max" gives "a!=0" and "n>max").
func conditionLeaves(span string) []string {
	var leaves []string
	for _, c := range parseConditions(span) {
		leaves = append(leaves, tightSpace(c.x+c.op+c.y))
	}
	return leaves
}

// otherField returns the selector a statement (tightSpace'd) compares
// with y, by op or its negation, in place of the quoted selector x: one
// with x's prefix and another last name ("l.root.next==e" where
// "l.root.prev==e" is quoted), when x itself is nowhere in the statement;
// "" otherwise.
func otherField(stmt, x, op, y string) string {
	dot := strings.LastIndex(x, ".")
	if dot <= 0 || !identRe.MatchString(x[dot+1:]) || containsWord(stmt, x) {
		return ""
	}
	for _, o := range []string{op, negatedOp[op]} {
		re, err := regexp.Compile(`(?:^|[^\w.])(` + regexp.QuoteMeta(x[:dot+1]) + `\w+)` + regexp.QuoteMeta(o+y) + `(?:$|[^\w.])`)
		if err != nil {
			return ""
		}
		if m := re.FindStringSubmatch(stmt); m != nil && m[1] != x {
			return m[1]
		}
	}
	return ""
}

// negatedLeaf returns how a statement (tightSpace'd) holds a quoted
// chain of conditions (tightSpace'd) with one comparison of it negated
// and the rest as quoted (`sf.PkgPath!=""&&!sf.Anonymous` where
// `sf.PkgPath==""&&!sf.Anonymous` is quoted), or "". Negating one part
// of a chain is no other branch's condition: the whole chain's negation
// would change its joiners too.
func negatedLeaf(span, stmt string) string {
	if strings.Contains(stmt, span) {
		return ""
	}
	for _, cmp := range parseConditions(span) {
		leaf := tightSpace(cmp.x + cmp.op + cmp.y)
		neg := tightSpace(cmp.x + negatedOp[cmp.op] + cmp.y)
		if negatedOp[cmp.op] == "" || !strings.Contains(span, leaf) {
			continue
		}
		if whole := strings.Replace(span, leaf, neg, 1); strings.Contains(stmt, whole) {
			return "tests " + whole
		}
	}
	// A flag of the chain negated ("!l.spilled" for "l.spilled").
	e, err := parser.ParseExpr(span)
	if err != nil {
		return ""
	}
	var flags []ast.Expr
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
			walk(b.X)
			walk(b.Y)
			return
		}
		switch x := e.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			flags = append(flags, x)
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				flags = append(flags, x)
			}
		}
	}
	walk(e)
	for _, f := range flags {
		from, to := int(f.Pos())-1, int(f.End())-1
		neg := "!" + span[from:to]
		if u, ok := f.(*ast.UnaryExpr); ok {
			neg = span[int(u.X.Pos())-1 : to]
		}
		if whole := span[:from] + neg + span[to:]; strings.Contains(stmt, whole) {
			return "tests " + whole
		}
	}
	return ""
}

// dottedRe is a selector of two or more names.
var dottedRe = regexp.MustCompile(`[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+`)

// swappedSelector returns how a statement (tightSpace'd) holds a quoted
// condition (tightSpace'd) with one selector in it replaced by another of
// the same prefix ("c.con.Major()>0||c.minorDirty" where
// "c.con.Major()>0||c.patchDirty" is quoted), or "": the rest of the
// condition, the same in both, places the quote on that line.
func swappedSelector(span, stmt string) string {
	if strings.Contains(stmt, span) {
		return ""
	}
	for _, loc := range dottedRe.FindAllStringIndex(span, -1) {
		x := span[loc[0]:loc[1]]
		if loc[1] < len(span) && span[loc[1]] == '(' || containsWord(stmt, x) {
			continue // a call, or a selector the statement has
		}
		dot := strings.LastIndex(x, ".")
		re := regexp.MustCompile(`(?:^|[^\w.])(` + regexp.QuoteMeta(x[:dot+1]) + `\w+)`)
		for _, m := range re.FindAllStringSubmatch(stmt, -1) {
			if m[1] != x && strings.Contains(stmt, span[:loc[0]]+m[1]+span[loc[1]:]) {
				return "tests " + m[1] + ", not " + x
			}
		}
	}
	return ""
}

// containsWord reports whether s holds w with no identifier, number or
// selector byte on either side.
func containsWord(s, w string) bool {
	for i := strings.Index(s, w); i >= 0; {
		end := i + len(w)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		next := strings.Index(s[i+1:], w)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
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
