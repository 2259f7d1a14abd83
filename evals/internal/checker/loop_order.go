package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindLoopOrder is a claim about the direction a function's loop walks:
// "it runs the before-functions from the first registered to the last".
const KindLoopOrder = "loop_order"

var (
	// forwardRe and reverseRe are the two directions said in prose.
	forwardRe = regexp.MustCompile(`(?i)\bfrom\s+the\s+first\b[^.;]*?\bto\s+the\s+last\b|\bfirst[\s-]+to[\s-]+last\b|\bin\s+(?:the\s+)?(?:same\s+)?order\s+(?:of\s+(?:registration|insertion)|(?:they|it)\s+(?:were|was)\s+(?:added|registered|appended|given|inserted))\b|\bin\s+(?:registration|insertion)\s+order\b`)
	reverseRe = regexp.MustCompile(`(?i)\bfrom\s+the\s+last\b[^.;]*?\bto\s+the\s+first\b|\blast[\s-]+to[\s-]+first\b|\bin\s+reverse(?:d)?\b|\bbackwards?\b`)
)

// checkLoopOrder judges the direction a sentence about a function says
// its loop walks (from the first to the last, in reverse order): when
// the function the sentence opens with has one loop in its own body, a
// range (forward) or a for loop counting an index up from 0 or down to
// 0, the direction said must be that one.
func (c *Checker) checkLoopOrder(prose string, claims []Claim, results []Result) []Result {
	seen := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		if seen[from] || !subjectLeadRe.MatchString(prose[from:cl.start]) || !c.directSubject(cl.Text) || modalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		seen[from] = true
		fwd, rev := forwardRe.FindStringIndex(prose[cl.end:to]), reverseRe.FindStringIndex(prose[cl.end:to])
		if (fwd == nil) == (rev == nil) {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			continue
		}
		reverse, ok := loopDirection(funcs[0].Decl.Body)
		if !ok || reverse == (rev != nil) {
			continue
		}
		have, said := "from the first to the last", "in reverse"
		if reverse {
			have, said = said, have
		}
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s loops %s", name, said), Kind: KindLoopOrder, start: cl.start, end: to}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the one loop of %s walks %s", name, have)})
	}
	return results
}

// loopDirection returns the direction of the one loop of body: reverse
// for an index counted down to 0; ok is false for no loop, more than one,
// one of another shape, or a body that reverses something (a call named
// Reverse or Backward).
func loopDirection(body *ast.BlockStmt) (reverse, ok bool) {
	var loops []ast.Node
	reversed := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			// slices.Reverse(s) before a forward loop walks it backwards.
			if id := source.CalleeIdent(n); id != nil && (strings.Contains(id.Name, "Revers") || strings.Contains(id.Name, "Backward")) {
				reversed = true
			}
		}
		return true
	})
	if len(loops) != 1 || reversed {
		return false, false
	}
	switch l := loops[0].(type) {
	case *ast.RangeStmt:
		// A range over a call's result (slices.Backward(s)) may walk
		// any way.
		_, overCall := l.X.(*ast.CallExpr)
		return false, !overCall && (l.Key != nil || l.Value != nil)
	case *ast.ForStmt:
		post, isIncDec := l.Post.(*ast.IncDecStmt)
		init, isAssign := l.Init.(*ast.AssignStmt)
		if !isIncDec || !isAssign || len(init.Rhs) != 1 {
			return false, false
		}
		if post.Tok == token.INC {
			lit, isLit := init.Rhs[0].(*ast.BasicLit)
			return false, isLit && lit.Value == "0"
		}
		be, isBin := init.Rhs[0].(*ast.BinaryExpr)
		if !isBin || be.Op != token.SUB {
			return false, false
		}
		call, isCall := be.X.(*ast.CallExpr)
		if id, isID := callFun(call); !isCall || !isID || id != "len" {
			return false, false
		}
		return true, true
	}
	return false, false
}

// callFun returns the name a call's function is written as, if an
// identifier.
func callFun(call *ast.CallExpr) (string, bool) {
	if call == nil {
		return "", false
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}
