package checker

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindQuotedLiteral is a composite literal a sentence quotes as the code
// writes it: "returns `loggingHandler{out, h, writeLog}`".
const KindQuotedLiteral = "quoted_literal"

// literalIndex maps a composite literal's type, as written, to the
// module's literals of it, as types.ExprString writes them.
type literalIndex struct {
	once sync.Once
	by   map[string][]*ast.CompositeLit
}

// literalsByType returns the module's composite literals by their type.
func (c *Checker) literalsByType() map[string][]*ast.CompositeLit {
	c.lits.once.Do(func() {
		c.lits.by = map[string][]*ast.CompositeLit{}
		for _, p := range c.m.Pkgs {
			for _, f := range p.Syntax {
				ast.Inspect(f, func(n ast.Node) bool {
					if cl, ok := n.(*ast.CompositeLit); ok && cl.Type != nil {
						k := types.ExprString(cl.Type)
						c.lits.by[k] = append(c.lits.by[k], cl)
					}
					return true
				})
			}
		}
	})
	return c.lits.by
}

// checkQuotedLiterals judges the composite literals a sentence quotes
// against the module's literals of the same type: when none is written as
// quoted, while one has the same elements but one (a function value, a
// field's value), the quote is contradicted. A sentence that may quote
// code on purpose (a fix, an example, a negation) is not read.
func (c *Checker) checkQuotedLiterals(prose string, claims []Claim, results []Result) []Result {
	eachQuotedExpr(prose, sentenceAround, func(e ast.Expr, loc []int) {
		ast.Inspect(e, func(n ast.Node) bool {
			q, ok := n.(*ast.CompositeLit)
			if !ok || q.Type == nil || len(q.Elts) == 0 {
				return true
			}
			mods := c.literalsByType()[types.ExprString(q.Type)]
			if fn := c.subjectBefore(prose, claims, loc[0]); fn != nil {
				// "`F` returns `T{…}`": F's own literals.
				var own []*ast.CompositeLit
				for _, m := range mods {
					if m.Pos() >= fn.Decl.Pos() && m.End() <= fn.Decl.End() {
						own = append(own, m)
					}
				}
				mods = own
			}
			said := nodeText(token.NewFileSet(), q)
			near := ""
			for _, m := range mods {
				diff, comparable := elementsApart(c.m.Fset, q, m)
				if !comparable {
					continue
				}
				if diff == 0 {
					return false // the module writes it (keyed or not)
				}
				if near == "" && diff == 1 {
					near = nodeText(c.m.Fset, m)
				}
			}
			if near != "" {
				claim := Claim{Text: said, Kind: KindQuotedLiteral, start: loc[0], end: loc[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module writes %s, not %s", near, said)})
			}
			return false
		})
	})
	return results
}

// subjectBefore returns the one module function the nearest claim of
// the sentence before pos names ("`LoggingHandler(out, h)` returns …"),
// nil when it names none or several.
func (c *Checker) subjectBefore(prose string, claims []Claim, pos int) *source.Func {
	from, _ := sentenceAround(prose, pos)
	var near *Claim
	for i := range claims {
		cl := &claims[i]
		if cl.start >= from && cl.end <= pos && !cl.fromExpr && (cl.Kind == KindIdentifier || cl.Kind == KindCall || cl.Kind == KindSelector) {
			near = cl
		}
	}
	if near == nil {
		return nil
	}
	name := near.Text
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	fs := c.m.FuncsNamed(lastName(name))
	if len(fs) != 1 || fs[0].Decl == nil {
		return nil
	}
	return fs[0]
}

// elementsApart counts the elements two literals (a quoted one, and one
// of the module's fset) write otherwise, an element given with its key in
// one and without it in the other compared by its value; comparable is
// false when they have not as many elements.
func elementsApart(fset *token.FileSet, a, b *ast.CompositeLit) (diff int, comparable bool) {
	if len(a.Elts) != len(b.Elts) {
		return 0, false
	}
	for i := range a.Elts {
		x, y := a.Elts[i], b.Elts[i]
		kx, xKeyed := x.(*ast.KeyValueExpr)
		ky, yKeyed := y.(*ast.KeyValueExpr)
		switch {
		case xKeyed && !yKeyed:
			x = kx.Value
		case yKeyed && !xKeyed:
			y = ky.Value
		}
		if squash(nodeText(token.NewFileSet(), x)) != squash(nodeText(fset, y)) {
			diff++
		}
	}
	return diff, true
}

// nodeText prints a node whole (types.ExprString abbreviates a composite
// literal's elements).
func nodeText(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return types.ExprString(n.(ast.Expr))
	}
	return b.String()
}
