package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// KindCompare is a claim about the bound a cited line compares a value
// with: "line 40 runs only once `n` is greater than 1".
const KindCompare = "compare"

// boundRe is a bound said of code in prose: "`n` is greater than 1",
// "`len(b)` is at most 64", "`n` exceeds 3".
var boundRe = regexp.MustCompile("`([^`]+)`\\s+(?:is\\s+|are\\s+)?(greater\\s+than|more\\s+than|larger\\s+than|above|exceeds|at\\s+least|less\\s+than|fewer\\s+than|smaller\\s+than|below|at\\s+most)\\s+(-?\\d+)\\b")

// bound is an integer bound on a value: at least k (lower) or at most k.
type bound struct {
	lower bool
	k     int64
}

// proseBound reads a bound in prose.
func proseBound(rel string, n int64) bound {
	switch strings.Join(strings.Fields(rel), " ") {
	case "greater than", "more than", "larger than", "above", "exceeds":
		return bound{true, n + 1}
	case "at least":
		return bound{true, n}
	case "less than", "fewer than", "smaller than", "below":
		return bound{false, n - 1}
	}
	return bound{false, n} // at most
}

// codeBound reads the bound a comparison "x op n" puts on x; ok is false
// for == and !=.
func codeBound(op token.Token, n int64, xLeft bool) (bound, bool) {
	if !xLeft { // "n < x" is "x > n"
		op = mirrored(op)
	}
	switch op {
	case token.GTR:
		return bound{true, n + 1}, true
	case token.GEQ:
		return bound{true, n}, true
	case token.LSS:
		return bound{false, n - 1}, true
	case token.LEQ:
		return bound{false, n}, true
	}
	return bound{}, false
}

// agrees reports whether a bound the code tests is the one said, or its
// negation (a guard: "if n <= 1 { return }" runs the rest once n > 1).
func (b bound) agrees(said bound) bool {
	if b.lower == said.lower {
		return b.k == said.k
	}
	if b.lower { // the code tests x >= k: its negation is x <= k-1
		return said.k == b.k-1
	}
	return said.k == b.k+1
}

// checkComparedBounds judges a bound the prose says of a value in the
// clause of a cited line ("Line 40 ... only once `n` is greater than 1")
// against the statement at that line: contradicted when the statement
// compares that expression, as written, with integer literals only by <,
// <=, > or >=, and none of those comparisons is the bound said or its
// negation.
func (c *Checker) checkComparedBounds(prose string, claims []Claim, results []Result) []Result {
	for _, ref := range lineRefs(prose, claims, results) {
		from, to := clauseAround(prose, ref.start)
		mm := boundRe.FindStringSubmatch(prose[from:to])
		if mm == nil {
			continue
		}
		n, err := strconv.ParseInt(mm[3], 10, 64)
		if err != nil {
			continue
		}
		said, expr := proseBound(mm[2], n), collapseSpace(mm[1])
		files := c.refFiles(claims, ref, from, to)
		if len(files) != 1 || !strings.HasSuffix(files[0], ".go") {
			continue
		}
		have, ok := c.boundsAt(files[0], ref.line, expr)
		if !ok || len(have) == 0 {
			continue
		}
		agreed := false
		for _, b := range have {
			agreed = agreed || b.agrees(said)
		}
		if agreed {
			continue
		}
		cl := Claim{Text: fmt.Sprintf("%s:%d: %s %s %s", files[0], ref.line, mm[1], mm[2], mm[3]), Kind: KindCompare, start: ref.start, end: ref.end}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("the statement at %s:%d compares %s otherwise", files[0], ref.line, mm[1])})
	}
	return results
}

// boundsAt returns the bounds the statement at line of file puts on expr
// by comparing it with integer literals; ok is false when it also
// compares expr by == or != or with anything else.
func (c *Checker) boundsAt(file string, line int, expr string) ([]bound, bool) {
	first, last := c.statementLines(file, line)
	var out []bound
	ok := true
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			if c.m.Rel(c.m.Fset.Position(f.Pos()).Filename) != file {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				be, isBin := n.(*ast.BinaryExpr)
				if !isBin {
					return true
				}
				if l := c.m.Fset.Position(be.Pos()).Line; l < first || l > last {
					return true
				}
				xLeft := collapseSpace(types.ExprString(be.X)) == expr
				if !xLeft && collapseSpace(types.ExprString(be.Y)) != expr {
					return true
				}
				other := be.Y
				if !xLeft {
					other = be.X
				}
				lit, isLit := other.(*ast.BasicLit)
				if !isLit || lit.Kind != token.INT {
					ok = false
					return true
				}
				k, err := strconv.ParseInt(lit.Value, 0, 64)
				b, cmp := codeBound(be.Op, k, xLeft)
				if err != nil || !cmp {
					ok = false
					return true
				}
				out = append(out, b)
				return true
			})
		}
	}
	return out, ok
}
