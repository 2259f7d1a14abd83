package checker

import (
	"fmt"
	"github.com/explainerr/explainerr/internal/astutil"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strings"
)

// returnsBeforeRe ends the prose before a list of values said to be
// returned: "returns `previous, true, false`".
var returnsBeforeRe = regexp.MustCompile(`(?i)\breturns\s+(?:with\s+)?$`)

// checkReturnedValues judges a list of two or more values a sentence that
// cites no line says the function it opens with returns when a call its
// leading condition quotes succeeds ("When `c.lru.Peek(key)` finds the
// key, `PeekOrAdd` unlocks and returns `previous, true, false`"):
// contradicted when every return statement in the body of the function's
// if statements that test that call's result gives a list of as many
// values, none of them the quoted one, and each differs from it only in
// literals (`false` for `true`). A condition said in the negative, or a
// list the clause says is not returned, is not read.
func (c *Checker) checkReturnedValues(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, loc[0])
		if !returnsBeforeRe.MatchString(prose[from:loc[0]]) || citedLineRe.MatchString(prose[from:to]) {
			continue
		}
		cfrom, _ := clauseAround(prose, loc[0])
		if unmadeNegationRe.MatchString(outsideCode(prose[max(from, cfrom):loc[0]])) {
			continue
		}
		e, err := parser.ParseExpr("f(" + prose[loc[2]:loc[3]] + ")")
		call, ok := e.(*ast.CallExpr)
		if err != nil || !ok || len(call.Args) < 2 {
			continue
		}
		f, after := c.openingSubjectAt(prose, claims, from, loc[0])
		if f == nil || !saidOfSubject(prose, after, loc[0]) {
			continue
		}
		lead := prose[from:after]
		if leadNegationRe.MatchString(outsideCode(lead)) {
			continue
		}
		test, _ := quotedCallIn(prose, from, after)
		if test == nil {
			continue
		}
		have := branchReturns(f.Decl.Body, types.ExprString(test))
		if len(have) == 0 {
			continue
		}
		var said []string
		for _, a := range call.Args {
			said = append(said, types.ExprString(a))
		}
		if !onlyLiteralsDiffer(said, have) {
			continue
		}
		want := strings.Join(said, ", ")
		var lists []string
		for _, h := range have {
			lists = append(lists, strings.Join(h, ", "))
		}
		cl := Claim{Text: want, Kind: KindResult, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s when %s succeeds, never %s", f.QualifiedName(), strings.Join(lists, " or "), types.ExprString(test), want)})
	}
	return results
}

// onlyLiteralsDiffer reports whether every list of have is as long as said,
// none is said, and each differs from it only where both give a literal
// or true, false or nil.
func onlyLiteralsDiffer(said []string, have [][]string) bool {
	for _, h := range have {
		if len(h) != len(said) {
			return false
		}
		diff := 0
		for i := range h {
			if h[i] == said[i] {
				continue
			}
			diff++
			if !literalText(h[i]) || !literalText(said[i]) {
				return false
			}
		}
		if diff == 0 {
			return false
		}
	}
	return true
}

// literalText reports whether an expression as written is a basic literal
// or true, false or nil.
func literalText(s string) bool {
	e, err := parser.ParseExpr(s)
	if err != nil {
		return false
	}
	_, lit := e.(*ast.BasicLit)
	return lit || predeclaredValue(e)
}

// branchReturns returns the lists of values the return statements give in
// the body of each if statement of body that tests the result of test (a
// call as written): one whose condition or init calls it, or whose
// condition reads a variable the statement before it assigns from it
// ("previous, ok = c.lru.Peek(key); if ok {"). A bare return or one in a
// function literal makes it nil: its values are not written there.
func branchReturns(body *ast.BlockStmt, test string) [][]string {
	var out [][]string
	bare := false
	ast.Inspect(body, func(n ast.Node) bool {
		blk, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, st := range blk.List {
			ifs, ok := st.(*ast.IfStmt)
			if !ok {
				continue
			}
			tested := callsText(ifs.Cond, test) || ifs.Init != nil && callsText(ifs.Init, test)
			if !tested && i > 0 {
				if as, ok := blk.List[i-1].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && callsText(as.Rhs[0], test) {
					for _, l := range as.Lhs {
						tested = tested || astutil.Mentions(ifs.Cond, types.ExprString(l))
					}
				}
			}
			if !tested {
				continue
			}
			ast.Inspect(ifs.Body, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					if len(m.Results) == 0 {
						bare = true
					}
					var vs []string
					for _, r := range m.Results {
						vs = append(vs, types.ExprString(r))
					}
					out = append(out, vs)
				}
				return true
			})
		}
		return true
	})
	if bare {
		return nil
	}
	return out
}

// callsText reports whether n holds a call written as call.
func callsText(n ast.Node, call string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if ce, ok := m.(*ast.CallExpr); ok && types.ExprString(ce) == call {
			found = true
		}
		return !found
	})
	return found
}
