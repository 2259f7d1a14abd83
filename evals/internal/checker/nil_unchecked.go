package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindNilUnchecked is a claim that a function uses a value without
// checking it for nil: "`Stop` sends on `m.stop` without first checking
// whether the channel is nil".
const KindNilUnchecked = "nil_unchecked"

// uncheckedNilRe says a value is not checked for nil; what it holds
// between the negation and "nil" may quote the value.
var uncheckedNilRe = regexp.MustCompile(`(?i)\b(?:without\s+(?:first\s+)?(?:checking|testing|a\s+nil\s+check|any\s+nil\s+check)|(?:never|not|n't)\s+(?:first\s+)?(?:checks?|tests?)|with\s+no\s+nil\s+check)\b((?:[^.;]|\.\w)*?)\bnil\b`)

// checkNilUnchecked judges "`F` uses `x` without checking whether `x` is
// nil": contradicted when F's own body compares x, as quoted, with nil,
// before the use the sentence quotes or the line it cites (anywhere in
// the body when it names neither). The value is the one quoted between
// the negation and "nil", or else one quoted before the negation ("sends
// on `m.stop` without first checking whether the channel is nil").
func (c *Checker) checkNilUnchecked(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg.TypesInfo == nil {
			continue
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
		// The use the sentence places: a statement it quotes, or a line
		// it cites in the function's file.
		use := token.NoPos
		for _, text := range before {
			for _, p := range c.statementPlaces(f, text) {
				if use == token.NoPos || p.pos < use {
					use = p.pos
				}
			}
		}
		for _, other := range claims {
			if other.Kind == KindFileLine && other.start > cl.end && other.end <= to {
				if p := c.lineStart(f, other); p != token.NoPos && (use == token.NoPos || p < use) {
					use = p
				}
			}
		}
		for _, v := range values {
			at := c.nilComparison(f, v, use)
			if at == token.NoPos {
				continue
			}
			pos := c.m.Fset.Position(at)
			name := lastName(cl.Text)
			claim := Claim{Text: fmt.Sprintf("%s does not check %s for nil", name, v), Kind: KindNilUnchecked, start: cl.start, end: cl.end + m[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s compares %s with nil at %s:%d", name, v, c.m.Rel(pos.Filename), pos.Line)})
			break
		}
	}
	return results
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

// nilComparison returns where f's body compares the expression written
// as text with nil (`x == nil`, `x != nil`), the first such place before
// use when use is a position; NoPos when it does not.
func (c *Checker) nilComparison(f *source.Func, text string, use token.Pos) token.Pos {
	at := token.NoPos
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || at != token.NoPos || be.Op != token.EQL && be.Op != token.NEQ {
			return at == token.NoPos
		}
		other := be.X
		if isNilIdent(be.X) {
			other = be.Y
		} else if !isNilIdent(be.Y) {
			return true
		}
		if c.nodeText(other) == text && (use == token.NoPos || be.Pos() < use) {
			at = be.Pos()
		}
		return true
	})
	return at
}

// isNilIdent reports whether e is the identifier nil.
func isNilIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}
