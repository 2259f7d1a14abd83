package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/words"
)

// KindUntestedCondition is a claim that a function does something when a
// value it reads is in some state ("returns `time.UTC` when `f.dock` is
// nil") of a function that never tests that value.
const KindUntestedCondition = "untested_condition"

// whenStateRe is the condition a clause puts on what its subject does: a
// quoted value and a state or value it may have ("is nil", "is POST",
// "equals `\"none\"`").
var whenStateRe = regexp.MustCompile("(?i)\\b(?:when|whenever|if|only\\s+when|only\\s+if|unless)\\s+`([A-Za-z_][\\w.]*)`\\s+(?:is|equals|==|!=)\\s+(?:not\\s+)?(?:`[^`]+`|[\\w\"'-]+)")

// callsBeforeRe is a clause that says the subject calls something, ahead
// of the condition put on it.
var callsBeforeRe = regexp.MustCompile("(?i)\\bcalls\\s+`[^`]+`")

// checkUntestedConditions judges "`F` returns `X` when `v` is nil" (empty,
// zero, true, false, unset) of a function whose body reads v but tests
// it in no condition (an if, a switch, a loop's condition, a boolean
// operator), hands it to no call (a callee might test it) and calls no
// method on it; and "calls `X` only when `v` is …" of a function that
// never names v.
func (c *Checker) checkUntestedConditions(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		m := whenStateRe.FindStringSubmatch(prose[cl.end:to])
		if m == nil {
			continue
		}
		v := lastName(m[1])
		read, tested := false, false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if n.Name == v {
					read = true
				}
			case *ast.IfStmt:
				tested = tested || c.mentions(n.Cond, v) || n.Init != nil && c.mentions(n.Init, v)
			case *ast.SwitchStmt:
				tested = tested || n.Tag != nil && c.mentions(n.Tag, v) || n.Init != nil && c.mentions(n.Init, v) || c.mentions(n.Body, v)
			case *ast.TypeSwitchStmt:
				tested = tested || c.mentions(n.Assign, v)
			case *ast.ForStmt:
				tested = tested || n.Cond != nil && c.mentions(n.Cond, v)
			case *ast.BinaryExpr:
				switch n.Op {
				case token.LAND, token.LOR, token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
					tested = tested || c.mentions(n, v)
				}
			case *ast.CallExpr:
				for _, a := range n.Args {
					tested = tested || c.mentions(a, v)
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					tested = tested || c.mentions(sel.X, v)
				}
			}
			return true
		})
		// "calls `X` only when `v` is …" of a function that never names v:
		// whatever its callees test, its own flow cannot make the call
		// depend on v.
		callForm := callsBeforeRe.MatchString(prose[cl.end : cl.end+strings.Index(prose[cl.end:to], m[0])])
		if tested || !read && !callForm {
			continue
		}
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s acts on %s being %s", name, m[1], m[0]), Kind: KindUntestedCondition, start: cl.start, end: to}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s reads %s but tests it nowhere", name, v)})
	}
	return results
}

// mentions reports whether the source of n names v.
func (c *Checker) mentions(n ast.Node, v string) bool {
	return words.Contains(c.nodeText(n), v)
}
