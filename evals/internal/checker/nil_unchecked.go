package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindNilUnchecked is a claim that a function uses a value without
// checking it for nil: "`Stop` sends on `m.stop` without first checking
// whether the channel is nil".
const KindNilUnchecked = "nil_unchecked"

// uncheckedNilRe says a value is not checked for a state (nil, empty,
// zero) before it is used, or that it is used "even when" in that state;
// what it holds between the negation and the state may quote the value.
var uncheckedNilRe = regexp.MustCompile(`(?i)\b(?:without\s+(?:first\s+)?(?:checking|testing|a\s+nil\s+check|any\s+nil\s+check)|(?:never|not|n't)\s+(?:first\s+)?(?:checks?|tests?)|with\s+no\s+nil\s+check|(?:even|also)\s+(?:when|if))\b((?:[^.;]|\.\w)*?)\b(nil|empty|the\s+empty\s+string|an\s+empty\s+string|zero)\b`)

// noNilCheckRe follows a function's name that is said to check nothing
// for a state: "`F` has no nil check", "`F` does no empty-string check",
// "`F` has no check for an empty string", "`F` has no length check".
// Its groups are the state written before "check" and after "check
// for".
var noNilCheckRe = regexp.MustCompile("(?i)^`?\\s+(?:has|does|makes)\\s+no\\s+(?:(nil|empty[- ]string|zero|length)\\s+checks?\\b|checks?\\s+(?:for|of|on)\\s+(?:an?\\s+|its\\s+|the\\s+)?(nil|empty\\s+string|zero|length)\\b)")

// lengthUncheckedRe says a function uses a value without checking its
// length: "copies `b` into `id[:]` without checking its length".
var lengthUncheckedRe = regexp.MustCompile(`(?i)\bwithout\s+(?:first\s+)?(?:checking|testing)\s+(?:its|the|their)\s+length\b`)

// anyStateComparison returns where f's own body first compares something
// with what state names ("nil"; "empty string", "empty-string": "" or a
// length with 0; "zero": 0) by == or !=, or a length with anything
// ("length"), NoPos when it does not.
func (c *Checker) anyStateComparison(f *source.Func, state string) token.Pos {
	at := token.NoPos
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if ok && at == token.NoPos && state == "length" && comparisonOps[b.Op] && isLenCall(b.X, b.Y) {
			at = b.Pos()
		}
		if !ok || at != token.NoPos || b.Op != token.EQL && b.Op != token.NEQ {
			return at == token.NoPos
		}
		for _, e := range []ast.Expr{b.X, b.Y} {
			switch x := e.(type) {
			case *ast.Ident:
				if x.Name == "nil" && state == "nil" {
					at = b.Pos()
				}
			case *ast.BasicLit:
				if x.Value == `""` && strings.HasPrefix(state, "empty") || x.Value == "0" && (state == "zero" || strings.HasPrefix(state, "empty") && isLenCall(b.X, b.Y)) {
					at = b.Pos()
				}
			}
		}
		return at == token.NoPos
	})
	return at
}

// comparisonOps are the operators that compare two values.
var comparisonOps = map[token.Token]bool{token.EQL: true, token.NEQ: true, token.LSS: true, token.LEQ: true, token.GTR: true, token.GEQ: true}

// isLenCall reports whether either operand is a call of len.
func isLenCall(x, y ast.Expr) bool {
	for _, e := range []ast.Expr{x, y} {
		if ce, ok := e.(*ast.CallExpr); ok {
			if id, ok := ce.Fun.(*ast.Ident); ok && id.Name == "len" {
				return true
			}
		}
	}
	return false
}

// nextStepRe opens the step a sentence tells after another: ", then",
// "and then".
var nextStepRe = regexp.MustCompile(`(?i),\s*(?:and\s+)?then\b|\band\s+then\b`)

// evenWhenRe opens the form of uncheckedNilRe that says a use is made
// whatever the value's state.
var evenWhenRe = regexp.MustCompile(`(?i)^(?:even|also)\s`)

// guards reports whether the if statement whose condition holds the
// comparison at cmp runs use in its body or its else branch.
func guards(f *source.Func, cmp, use token.Pos) bool {
	if use == token.NoPos {
		return false
	}
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if is.Cond.Pos() <= cmp && cmp < is.Cond.End() && is.Body.Pos() <= use && use < is.End() {
			found = true
		}
		return !found
	})
	return found
}

// checkNilUnchecked judges "`F` uses `x` without checking whether `x` is
// nil" (or empty, or zero; or "always uses `x`, even when `x` is
// empty"): contradicted when F's own body compares x, as quoted, with nil
// (with "" or its length with 0, with 0), before the use the sentence
// quotes or the line it cites (anywhere in the body when it names
// neither). The value is the one quoted between
// the negation and "nil", or else one quoted before the negation ("sends
// on `m.stop` without first checking whether the channel is nil").
func (c *Checker) checkNilUnchecked(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg.TypesInfo == nil {
			continue
		}
		nm := noNilCheckRe.FindStringSubmatch(prose[cl.end:to])
		if lm := lengthUncheckedRe.FindString(prose[cl.end:to]); nm == nil && lm != "" {
			nm = []string{lm, "length", ""}
		}
		if nm != nil {
			state := strings.ToLower(nm[1] + nm[2])
			if at := c.anyStateComparison(f, state); at != token.NoPos {
				pos := c.m.Fset.Position(at)
				name := lastName(cl.Text)
				claim := Claim{Text: name + " has no check for " + state, Kind: KindNilUnchecked, start: cl.start, end: cl.end + len(nm[0])}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s compares with %s at %s:%d", name, state, c.m.Rel(pos.Filename), pos.Line)})
				continue
			}
		}
		m := uncheckedNilRe.FindStringSubmatchIndex(prose[cl.end:to])
		if m == nil {
			continue
		}
		values := spanTexts(prose[cl.end+m[2] : cl.end+m[3]])
		before := spanTexts(prose[cl.end : cl.end+m[0]])
		if len(values) == 0 {
			values = before
		}
		// A line cited after ", then …" places the next step, not the
		// use said to go unchecked.
		useTo := to
		if t := nextStepRe.FindStringIndex(prose[cl.end+m[1] : to]); t != nil {
			useTo = cl.end + m[1] + t[0]
		}
		use := c.usePlace(f, before, claims, cl.end, useTo)
		state := strings.ToLower(prose[cl.end+m[4] : cl.end+m[5]])
		for _, v := range values {
			at := c.stateComparison(f, v, state, use)
			if at == token.NoPos {
				continue
			}
			if even := evenWhenRe.MatchString(prose[cl.end+m[0] : cl.end+m[1]]); even && !guards(f, at, use) {
				// "even when x is empty" is ruled out only where the
				// check of x holds the use it says is done anyway.
				continue
			}
			pos := c.m.Fset.Position(at)
			name := lastName(cl.Text)
			claim := Claim{Text: fmt.Sprintf("%s does not check whether %s is %s", name, v, state), Kind: KindNilUnchecked, start: cl.start, end: cl.end + m[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s checks whether %s is %s at %s:%d", name, v, state, c.m.Rel(pos.Filename), pos.Line)})
			break
		}
	}
	return results
}

// usePlace returns where the sentence places the use it speaks of, the
// earliest of: a statement of f it quotes (quoted, "return " aside), and a
// line of f a file:line claim between from and to cites; NoPos when it
// places none.
func (c *Checker) usePlace(f *source.Func, quoted []string, claims []Claim, from, to int) token.Pos {
	use := token.NoPos
	earliest := func(p token.Pos) {
		if p != token.NoPos && (use == token.NoPos || p < use) {
			use = p
		}
	}
	for _, text := range quoted {
		for _, p := range c.statementPlaces(f, strings.TrimPrefix(text, "return ")) {
			earliest(p.pos)
		}
	}
	for _, other := range claims {
		if other.Kind == KindFileLine && other.start > from && other.end <= to {
			earliest(c.lineStart(f, other))
		}
	}
	return use
}

// spanTexts returns the texts of the backtick spans of s, spaces
// collapsed.
func spanTexts(s string) []string {
	var out []string
	for _, mm := range backtickRe.FindAllStringSubmatch(s, -1) {
		out = append(out, collapseSpace(mm[1]))
	}
	return out
}

// lineStart returns the position of the start of the line a file:line
// claim cites, when it is a line of f's body; NoPos otherwise.
func (c *Checker) lineStart(f *source.Func, cl Claim) token.Pos {
	file, line := splitFileLine(cl.Text)
	start := c.m.Fset.Position(f.Decl.Body.Pos())
	end := c.m.Fset.Position(f.Decl.Body.End())
	if line < start.Line || line > end.Line || !slices.Contains(c.m.FindFile(file), c.m.Rel(start.Filename)) {
		return token.NoPos
	}
	return c.m.Fset.File(f.Decl.Body.Pos()).LineStart(line)
}

// stateComparison returns where f's body compares the expression written
// as text with what state says (`x == nil`, `x != nil`; `x == ""`,
// `len(x) > 0`; `x == 0`), the first such place before use when use is a
// position; NoPos when it does not.
func (c *Checker) stateComparison(f *source.Func, text, state string, use token.Pos) token.Pos {
	at := token.NoPos
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || at != token.NoPos {
			return at == token.NoPos
		}
		switch be.Op {
		case token.EQL, token.NEQ, token.GTR, token.LSS, token.GEQ, token.LEQ:
		default:
			return true
		}
		for _, side := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			if c.testsState(side[0], side[1], text, state) && (use == token.NoPos || be.Pos() < use) {
				at = be.Pos()
			}
		}
		return true
	})
	return at
}

// testsState reports whether comparing value with against tests that
// the expression written as text is in state: nil against nil, empty
// against "" (or its length against 0), zero against 0.
func (c *Checker) testsState(value, against ast.Expr, text, state string) bool {
	lit, _ := against.(*ast.BasicLit)
	switch {
	case state == "nil":
		return isNilIdent(against) && c.nodeText(value) == text
	case state == "zero":
		return lit != nil && lit.Value == "0" && c.nodeText(value) == text
	default: // empty
		if lit != nil && lit.Kind == token.STRING && (lit.Value == `""` || lit.Value == "``") {
			return c.nodeText(value) == text
		}
		return lit != nil && lit.Value == "0" && c.nodeText(value) == "len("+text+")"
	}
}

// isNilIdent reports whether e is the identifier nil.
func isNilIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}
