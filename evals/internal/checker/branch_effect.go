package checker

import (
	"fmt"
	"github.com/explainerr/explainerr/internal/astutil"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindBranchEffect is a claim about what a function does in the branch
// it takes when a quoted value is nil, empty, zero, true or false: "When
// `src` is nil, `Scan` resets the receiver to `Nil` and returns nil".
const KindBranchEffect = "branch_effect"

var (
	// branchLeadRe opens a sentence with the condition: a quoted value
	// and the state it is in.
	branchLeadRe = regexp.MustCompile("(?i)^\\s*(?:when|if|whenever)\\s+`([^`]+)`\\s+is\\s+(nil|empty|zero|false|true|0)\\s*,\\s*(?:the\\s+(?:function|method)\\s+)?$")
	// branchReturnRe is what the branch returns: a quoted value list or
	// nil, true or false.
	branchReturnRe = regexp.MustCompile("(?i)\\breturns\\s+(?:`([^`]+)`|(nil|true|false)\\b)")
	// branchSetRe is a value the branch is said to store: "resets the
	// receiver to `Nil`", "sets `s.status` to `Modified`".
	branchSetRe = regexp.MustCompile("(?i)\\b(?:sets|resets|assigns|stores|clears|zeroes|zeros)\\b[^.;`]*(?:`[^`]+`[^.;`]*)?\\b(?:to|in|into)\\s+`([^`]+)`")
)

// checkBranchEffects judges "When `v` is nil (empty, zero, true, false),
// `F` ..." against the branch F takes then (`if v == nil {`, `case nil:`
// of a type switch on v, `if len(v) == 0 {`): "returns `X`" is
// contradicted when each return of that branch gives known values other
// than X; "sets ... to `Y`" when the branch assigns nothing, calls
// nothing outside its returns, and does not name Y.
func (c *Checker) checkBranchEffects(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		lead := branchLeadRe.FindStringSubmatch(prose[from:cl.start])
		if lead == nil || !c.directSubject(cl.Text) {
			continue
		}
		rest := prose[cl.end:to]
		if modalRe.MatchString(outsideCode(rest)) {
			continue
		}
		var branch *ast.BlockStmt
		var fn *source.Func
		for _, f := range c.subjectFuncs(cl.Text) {
			if b := branchFor(c, f, collapseSpace(lead[1]), strings.ToLower(lead[2])); b != nil {
				if branch != nil {
					branch = nil
					break
				}
				branch, fn = b, f
			}
		}
		if branch == nil {
			continue
		}
		name := lastName(cl.Text)
		if reason := c.branchReturnsOther(fn, branch, rest); reason != "" {
			claim := Claim{Text: fmt.Sprintf("%s, when %s is %s: %s", name, lead[1], lead[2], strings.TrimSpace(rest)), Kind: KindBranchEffect, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
			continue
		}
		if m := branchSetRe.FindStringSubmatch(rest); m != nil && onlyReturns(branch) && !c.blockNames(branch, m[1]) {
			claim := Claim{Text: fmt.Sprintf("%s, when %s is %s, stores %s", name, lead[1], lead[2], m[1]), Kind: KindBranchEffect, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("when %s is %s, %s only returns: its branch assigns nothing and does not name %s", lead[1], lead[2], name, m[1])})
		}
	}
	return results
}

// branchFor returns the block of f's body run when the value written as
// v is in state (nil, empty, zero, true, false), when f's body has
// exactly one such block.
func branchFor(c *Checker, f *source.Func, v, state string) *ast.BlockStmt {
	if f.Decl == nil || f.Decl.Body == nil {
		return nil
	}
	var found []*ast.BlockStmt
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.condIs(n.Cond, v, state) {
				found = append(found, n.Body)
			}
		case *ast.TypeSwitchStmt:
			if state != "nil" || c.switchedValue(n) != v {
				return true
			}
			for _, st := range n.Body.List {
				cc := st.(*ast.CaseClause)
				for _, e := range cc.List {
					if isNilIdent(e) {
						found = append(found, &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: cc.End()})
					}
				}
			}
		}
		return true
	})
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// switchedValue is the value a type switch tests, as written: `src` of
// `switch src := src.(type)` or of `switch src.(type)`.
func (c *Checker) switchedValue(ts *ast.TypeSwitchStmt) string {
	x := astutil.TypeSwitchValue(ts)
	if x == nil {
		return ""
	}
	return c.nodeText(x)
}

// condIs reports whether cond is the test that v is in state: `v ==
// nil`, `v == ""` or `len(v) == 0` (empty), `v == 0` (zero), `v` (true),
// `!v` (false).
func (c *Checker) condIs(cond ast.Expr, v, state string) bool {
	cond = ast.Unparen(cond)
	switch state {
	case "true":
		return c.nodeText(cond) == v
	case "false":
		u, ok := cond.(*ast.UnaryExpr)
		return ok && u.Op == token.NOT && c.nodeText(u.X) == v
	}
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return false
	}
	x, y := c.nodeText(be.X), c.nodeText(be.Y)
	switch state {
	case "nil":
		return x == v && y == "nil" || y == v && x == "nil"
	case "empty":
		return x == v && y == `""` || x == "len("+v+")" && y == "0"
	case "zero", "0":
		return x == v && y == "0"
	}
	return false
}

// branchReturnsOther returns why a branch cannot return what rest says
// it returns: every return statement of the branch gives known values,
// none of them the said ones; "" otherwise.
func (c *Checker) branchReturnsOther(f *source.Func, branch *ast.BlockStmt, rest string) string {
	m := branchReturnRe.FindStringSubmatch(rest)
	if m == nil || f.Pkg.TypesInfo == nil {
		return ""
	}
	said := m[1]
	if said == "" {
		said = strings.ToLower(m[2])
	}
	claimed := returnList(said)
	if len(claimed) == 0 {
		return ""
	}
	rets := returnStmts(branch)
	if len(rets) == 0 {
		return ""
	}
	var seen []string
	for _, ret := range rets {
		actual := make([]string, len(ret.Results))
		for i, e := range ret.Results {
			actual[i] = knownValue(f.Pkg.TypesInfo, e)
			if actual[i] == "" {
				return "" // a value the code does not fix
			}
		}
		if len(actual) != len(claimed) && len(claimed) != 1 {
			return ""
		}
		for _, a := range actual {
			for _, w := range claimed {
				if a == w || lastName(a) == lastName(w) {
					return ""
				}
			}
		}
		seen = append(seen, "return "+strings.Join(actual, ", "))
	}
	return fmt.Sprintf("that branch of %s gives %s, not %s", f.Name, strings.Join(seen, "; "), said)
}

// onlyReturns reports whether a block does nothing but return: no
// statement of it assigns, and none calls outside a return.
func onlyReturns(b *ast.BlockStmt) bool {
	for _, st := range b.List {
		if _, ok := st.(*ast.ReturnStmt); !ok {
			return false
		}
	}
	return len(b.List) > 0
}

// blockNames reports whether the code of a block names text (an identifier
// or a selector as written).
func (c *Checker) blockNames(b *ast.BlockStmt, text string) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			if c.nodeText(n) == text || lastName(text) == c.nodeText(n) {
				found = true
			}
		}
		return !found
	})
	return found
}
