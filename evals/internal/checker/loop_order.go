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
		reverse, ok := loopDirection(funcs[0].Decl.Body, c.m.Fset, c.citedLoopLine(claims, funcs[0], from, to))
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

// citedLoopLine returns the line the sentence prose[from:to] cites inside
// fn's file and body (a loop's, when the sentence speaks of one), or 0.
func (c *Checker) citedLoopLine(claims []Claim, fn *source.Func, from, to int) int {
	for _, cl := range claims {
		if cl.Kind != KindFileLine || cl.start < from || cl.end > to {
			continue
		}
		file, line := splitFileLine(cl.Text)
		if line > fn.StartLine && line <= fn.EndLine && slices.Contains(c.m.FindFile(file), fn.File) {
			return line
		}
	}
	return 0
}

// loopDirection returns the direction of the one loop of body, or of the
// loop that starts on line when line is not 0 (the one a sentence
// cites): reverse for an index counted down to 0; ok is false for no
// such loop, more than one, one of another shape, or a body that reverses
// something (a call named Reverse or Backward).
func loopDirection(body *ast.BlockStmt, fset *token.FileSet, line int) (reverse, ok bool) {
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
	if line > 0 {
		loops = slices.DeleteFunc(loops, func(n ast.Node) bool { return fset.Position(n.Pos()).Line != line })
	}
	if len(loops) != 1 || reversed {
		return false, false
	}
	switch l := loops[0].(type) {
	case *ast.RangeStmt:
		// A range over a call's result (slices.Backward(s)) may walk
		// any way.
		_, overCall := l.X.(*ast.CallExpr)
		if overCall || l.Key == nil && l.Value == nil {
			return false, false
		}
		return indexDirection(l.Body, l.Key, false)
	case *ast.ForStmt:
		post, isIncDec := l.Post.(*ast.IncDecStmt)
		init, isAssign := l.Init.(*ast.AssignStmt)
		if !isIncDec || !isAssign || len(init.Rhs) != 1 {
			return false, false
		}
		if post.Tok == token.INC {
			if lit, isLit := init.Rhs[0].(*ast.BasicLit); !isLit || lit.Value != "0" {
				return false, false
			}
			return indexDirection(l.Body, post.X, false)
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

// indexDirection returns the direction a loop whose index (key) runs
// one way (reverse) reads its elements: the other way when every use of
// the index in the body mirrors it (`s[len(s)-i-1]`), not ok when some
// uses mirror it and others do not.
func indexDirection(body *ast.BlockStmt, key ast.Expr, reverse bool) (bool, bool) {
	id, isID := key.(*ast.Ident)
	if !isID || id.Name == "_" {
		return reverse, true
	}
	mirrored, plain := 0, 0
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.SUB && mirrorsIndex(n, id.Name) {
				mirrored++
				return false
			}
		case *ast.Ident:
			if n.Name == id.Name {
				plain++
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	switch {
	case mirrored == 0:
		return reverse, true
	case plain == 0:
		return !reverse, true
	}
	return false, false
}

// mirrorsIndex reports whether e is `len(s)-i-1` or `len(s)-1-i` for the
// index named i.
func mirrorsIndex(e *ast.BinaryExpr, i string) bool {
	inner, ok := e.X.(*ast.BinaryExpr)
	if !ok || inner.Op != token.SUB {
		return false
	}
	call, isCall := inner.X.(*ast.CallExpr)
	if name, isID := callFun(call); !isCall || !isID || name != "len" {
		return false
	}
	isIndex := func(x ast.Expr) bool { id, ok := x.(*ast.Ident); return ok && id.Name == i }
	isOne := func(x ast.Expr) bool { lit, ok := x.(*ast.BasicLit); return ok && lit.Value == "1" }
	return isIndex(inner.Y) && isOne(e.Y) || isOne(inner.Y) && isIndex(e.Y)
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
