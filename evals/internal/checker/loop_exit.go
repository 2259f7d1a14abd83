package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/internal/astutil"
)

// KindLoopExit is a claim about whether a function's loop goes on or
// leaves when an element fails: "records the error and goes on with the
// next element", "stops at the first invalid one".
const KindLoopExit = "loop_exit"

var (
	// goesOnRe says the loop goes on past a failing element.
	goesOnRe = regexp.MustCompile(`(?i)\b(?:goes|carries|moves)\s+on\s+(?:with|to)\s+the\s+next\b|\b(?:goes|carries|moves)\s+on\s+(?:checking|looking\s+at|scanning|trying|reading|visiting)\b|\b(?:skips|skipped)\b[^.;]*?\bwith\s+\x60?continue\x60?|\bcontinues\s+with\s+the\s+next\b|\x60continue\x60s?\s+(?:with|to)\s+the\s+next\b|\binstead\s+of\s+(?:leaving|breaking(?:\s+out)?|exiting|stopping|returning)(?:\s+(?:of\s+)?the\s+loop)?\b|\bkeeps\s+(?:going|looping)\b|\b(?:goes|carries|moves|keeps)\s+(?:on\s+)?past\b|\bonly\s+after\s+the\s+loop\s+has\s+(?:visited|gone\s+through|checked|seen)\s+(?:all|every)\b`)
	// condLeadRe opens a sentence with a condition before its subject:
	// "When `processField` fails, `Process` …".
	condLeadRe = regexp.MustCompile(`(?i)^\s*(?:when|if|once|after)\b[^,.;]*,\s*(?:the\s+(?:function|method)\s+)?$`)
	// inFuncLeadRe opens a sentence about a function's loop: "In `F`,
	// the loop over … goes on".
	inFuncLeadRe = regexp.MustCompile(`(?i)^\s*in\s+(?:the\s+(?:function|method)\s+|the\s+[a-z][\w\s-]{0,40}?\s+of\s+)?$`)
	// loopOverRe names the loop a sentence is about by what it ranges
	// over: "the loop over `parseExtensions(r.Header)`".
	loopOverRe = regexp.MustCompile("(?i)\\bthe\\s+loop\\s+(?:over|on|through)\\s+`([^`]+)`")
	// leavesRe says the loop is left at a failing element.
	leavesRe = regexp.MustCompile(`(?i)\b(?:leaves|breaks\s+out\s+of|exits)\s+the\s+loop\b|\bstops\s+(?:at|on)\s+the\s+first\b|\bstops\s+looping\b|\bbreaks\s+(?:out\s+)?(?:at|on)\s+the\s+first\b`)
)

// checkLoopExit judges what a sentence about a function (the one it
// opens with, or the one it places itself in: "In `F`, the loop …") says
// its loop does with a failing element: "goes on with
// the next" is contradicted when each loop of the function that does
// something of its own with an element (leaves or continues it) is left
// by a break, a return or a panic and never continues; "leaves the loop"
// or "stops at the first", when the function has exactly one loop, by a
// loop that nothing in it leaves and whose condition tests only its
// index.
func (c *Checker) checkLoopExit(prose string, claims []Claim, results []Result) []Result {
	seen := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		lead := prose[from:cl.start]
		if seen[from] || !subjectLeadRe.MatchString(lead) && !inFuncLeadRe.MatchString(lead) && !condLeadRe.MatchString(lead) {
			continue
		}
		rest := prose[cl.end:to]
		funcs := c.subjectFuncs(cl.Text)
		if m := loopOverRe.FindStringSubmatch(rest); m != nil && len(funcs) > 1 {
			// Of two functions of that name, the one with the loop named.
			funcs = slices.DeleteFunc(slices.Clone(funcs), func(f *source.Func) bool {
				return f.Decl == nil || f.Decl.Body == nil || len(loopsOver(branchingLoops(f.Decl.Body), m[1])) == 0
			})
		}
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			continue // not one function of the module, or a value's method
		}
		seen[from] = true
		on, off := goesOnRe.FindStringIndex(rest), leavesRe.FindStringIndex(rest)
		if (on == nil) == (off == nil) {
			continue
		}
		// "instead of leaving the loop" says what the loop does, not a fix.
		said := goesOnRe.ReplaceAllString(rest, "")
		if modalRe.MatchString(outsideCode(said)) {
			continue
		}
		name := lastName(cl.Text)
		if m := failsLeadRe.FindStringSubmatch(lead); m != nil {
			// "When `processField` fails, `Process` … goes on": what the
			// branch testing that call's error does.
			if leaves, ok := onCallFailure(funcs[0].Decl.Body, lastName(m[1])); ok && leaves == (on != nil) {
				said, does := "goes on with the next element", "returns"
				if !leaves {
					said, does = "leaves the loop", "continues with the next element"
				}
				claim := Claim{Text: name + " " + said + " when " + lastName(m[1]) + " fails", Kind: KindLoopExit, start: cl.start, end: to}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("when %s fails, %s %s", lastName(m[1]), name, does)})
				continue
			}
		}
		if on != nil {
			loops := branchingLoops(funcs[0].Decl.Body)
			if m := loopOverRe.FindStringSubmatch(rest); m != nil {
				// The loop the sentence names, alone, when it branches.
				loops = loopsOver(loops, m[1])
				if stmt, ok := leftAfterQuoted(loops, rest); ok {
					claim := Claim{Text: name + " goes on after " + stmt, Kind: KindLoopExit, start: cl.start, end: to}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("in the loop over %s of %s, %s is followed by a break or a return", m[1], name, stmt)})
					continue
				}
			}
			if len(loops) > 0 && allLeave(loops) {
				claim := Claim{Text: name + " goes on with the next element", Kind: KindLoopExit, start: cl.start, end: to}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("each loop of %s that branches on an element is left by a break, return or panic and never continues", name)})
			}
			continue
		}
		loop, ok := oneLoop(funcs[0].Decl.Body)
		if !ok {
			continue
		}
		if exits, _ := loopExits(loop); !exits && plainLoopCondition(loop) {
			claim := Claim{Text: name + " leaves its loop early", Kind: KindLoopExit, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("nothing in the one loop of %s leaves it: it runs over every element", name)})
		}
	}
	return results
}

// failsLeadRe opens a sentence with a call's failure: "When
// `processField` fails, ", "If `parse` returns an error, ".
var failsLeadRe = regexp.MustCompile("(?i)^\\s*(?:when|if|once)\\s+`([^`]+)`\\s+(?:fails|returns\\s+an\\s+error|errors|errs)\\s*,\\s*$")

// onCallFailure finds, inside a loop of body, the call of fn whose error
// the next statement tests (err := fn(…); if err != nil { … }, or the
// if's own init) and reports whether that branch leaves the loop (a
// return, break or panic, and no continue); ok is false when there is no
// such call or the branch does neither.
func onCallFailure(body *ast.BlockStmt, fn string) (leaves, ok bool) {
	var branch *ast.BlockStmt
	inLoop := 0
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if branch != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			inLoop++
			ast.Inspect(loopBody(x.(ast.Stmt)), visit)
			inLoop--
			return false
		case *ast.BlockStmt:
			if inLoop == 0 {
				return true
			}
			for i, st := range x.List {
				if ifs, isIf := st.(*ast.IfStmt); isIf && errTested(ifs.Cond) && (callsNamed(ifs.Init, fn) || i > 0 && callsNamed(x.List[i-1], fn)) {
					branch = ifs.Body
					return false
				}
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	if branch == nil {
		return false, false
	}
	exits, continues := false, false
	for _, st := range branch.List {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			exits = true
		case *ast.BranchStmt:
			exits = exits || st.Tok == token.BREAK
			continues = continues || st.Tok == token.CONTINUE
		case *ast.ExprStmt:
			if ce, isCall := st.X.(*ast.CallExpr); isCall {
				if id, isID := ce.Fun.(*ast.Ident); isID && id.Name == "panic" {
					exits = true
				}
			}
		}
	}
	if exits == continues {
		return false, false
	}
	return exits, true
}

// errTested reports whether cond tests an error against nil.
func errTested(cond ast.Expr) bool {
	be, ok := cond.(*ast.BinaryExpr)
	return ok && be.Op == token.NEQ && strings.HasSuffix(strings.ToLower(types.ExprString(be.X)), "err") && types.ExprString(be.Y) == "nil"
}

// callsNamed reports whether the statement calls a function named fn.
func callsNamed(st ast.Node, fn string) bool {
	found := false
	if st == nil {
		return false
	}
	ast.Inspect(st, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok {
			if id := source.CalleeIdent(ce); id != nil && id.Name == fn {
				found = true
			}
		}
		return !found
	})
	return found
}

// branchingLoops returns the loops of body (outside function literals)
// that something of their own leaves or continues: those that do
// something with a failing element.
func branchingLoops(body *ast.BlockStmt) []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if exits, continues := loopExits(n.(ast.Stmt)); exits || continues {
				out = append(out, n.(ast.Stmt))
			}
		case *ast.FuncLit:
			return false
		}
		return true
	})
	return out
}

// leftAfterQuoted returns the statement a sentence quotes ("sets
// `compress = true` … but keeps scanning") that, in one of loops, is
// followed in its block by a break or a return: the loop is left right
// after it.
func leftAfterQuoted(loops []ast.Stmt, rest string) (string, bool) {
	for _, m := range backtickRe.FindAllStringSubmatch(rest, -1) {
		want := squash(m[1])
		for _, l := range loops {
			found := false
			ast.Inspect(loopBody(l), func(n ast.Node) bool {
				b, ok := n.(*ast.BlockStmt)
				if !ok || found {
					return !found
				}
				for i, st := range b.List {
					if as, ok := st.(*ast.AssignStmt); !ok || squash(types.ExprString(as.Lhs[0])+as.Tok.String()+types.ExprString(as.Rhs[0])) != want || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
						continue
					}
					for _, after := range b.List[i+1:] {
						switch after := after.(type) {
						case *ast.ReturnStmt:
							found = true
						case *ast.BranchStmt:
							found = found || after.Tok == token.BREAK
						}
					}
				}
				return !found
			})
			if found {
				return m[1], true
			}
		}
	}
	return "", false
}

// loopsOver returns the range loops of loops whose range expression is
// written as over is, white space aside.
func loopsOver(loops []ast.Stmt, over string) []ast.Stmt {
	var out []ast.Stmt
	for _, l := range loops {
		if r, ok := l.(*ast.RangeStmt); ok && squash(types.ExprString(r.X)) == squash(over) {
			out = append(out, l)
		}
	}
	return out
}

// allLeave reports whether something leaves each loop and none of them
// continues.
func allLeave(loops []ast.Stmt) bool {
	for _, l := range loops {
		if exits, continues := loopExits(l); !exits || continues {
			return false
		}
	}
	return true
}

// loopBody returns a loop's body.
func loopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// oneLoop returns the one loop of body, outside function literals, when
// there is exactly one.
func oneLoop(body *ast.BlockStmt) (ast.Stmt, bool) {
	var loops []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			loops = append(loops, n)
		case *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.FuncLit:
			return false
		}
		return true
	})
	if len(loops) != 1 {
		return nil, false
	}
	return loops[0], true
}

// loopExits reports whether something in the loop's body leaves the loop
// (a break of it, a return, a goto, a panic, os.Exit or log.Fatal), and
// whether a continue of it is there. A break inside a switch or select
// leaves only that statement; an unlabelled break or continue inside a
// nested loop is that loop's.
func loopExits(loop ast.Stmt) (exits, continues bool) {
	var walk func(n ast.Node, inSwitch, inLoop bool)
	walk = func(n ast.Node, inSwitch, inLoop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == n {
				return true
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(m, true, inLoop)
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				walk(m, inSwitch, true)
				return false
			case *ast.ReturnStmt:
				exits = true
			case *ast.BranchStmt:
				own := m.Label != nil || !inLoop
				switch {
				case m.Tok == token.GOTO, m.Tok == token.BREAK && (m.Label != nil || !inSwitch && !inLoop):
					exits = true
				case m.Tok == token.CONTINUE && own:
					continues = true
				}
			case *ast.CallExpr:
				switch astutil.SelectorChain(m.Fun) {
				case "panic", "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf":
					exits = true
				}
			}
			return true
		})
	}
	walk(loopBody(loop), false, false)
	return exits, continues
}

// plainLoopCondition reports whether the loop stops only at the end of
// what it walks: a range, a for with no condition, or one comparing its
// index alone ("i < len(s)").
func plainLoopCondition(loop ast.Stmt) bool {
	l, ok := loop.(*ast.ForStmt)
	if !ok || l.Cond == nil {
		return true
	}
	be, ok := l.Cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
		_, isIdent := be.X.(*ast.Ident)
		return isIdent
	}
	return false
}
