package checker

import (
	"go/ast"
	"go/parser"
	"regexp"
	"strings"
)

// usageLeadRe ends the prose of a clause before a call it gives as a
// caller's use of the module's API, the subject of what follows: "so
// `Wrap(Open(b, ctx), n)` still retries", "; hence `F(x)` …", "Because
// it delegates, `c.Extend(other)` gets …".
var usageLeadRe = regexp.MustCompile(`(?i)(?:^|\b(?:so|thus|hence|therefore|then|e\.g\.,?|for\s+example,?)|,)\s*$`)

// madeByRe is prose after a call that says the code makes it: "is
// called by `Retry`", "made in", "invoked from".
var madeByRe = regexp.MustCompile(`(?i)\b(?:call(?:s|ed)?|invoked|made|done)\s+(?:by|in|at|from|inside)\b`)

// usageExample reports whether an unknown name is an argument, written
// as a bare name, of a call the sentence gives as a caller's use of an
// exported function of the module ("so `WithRetries(WithDeadline(b,
// ctx), n)` still retries under `ctx`"): the call opens its clause or
// follows a "so", and its arguments are the caller's, not names of the
// code.
func (c *Checker) usageExample(prose string, cl Claim) bool {
	if !cl.fromExpr || cl.Kind != KindIdentifier {
		return false
	}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		if cl.start < loc[0] || cl.end > loc[1] {
			continue
		}
		from, to := clauseAround(prose, loc[0])
		if !usageLeadRe.MatchString(strings.TrimSpace(prose[from:loc[0]])) || madeByRe.MatchString(prose[loc[1]:to]) || citedLineRe.MatchString(prose[from:to]) {
			return false
		}
		e, err := parser.ParseExpr(prose[loc[2]:loc[3]])
		if err != nil {
			return false
		}
		call, ok := e.(*ast.CallExpr)
		if !ok || !c.exportedFunc(call.Fun) {
			return false
		}
		return bareArgument(call, cl.Text)
	}
	return false
}

// exportedFunc reports whether fun names an exported function of the
// module, or, called on a value (`c.Extend(other)`), an exported method.
func (c *Checker) exportedFunc(fun ast.Expr) bool {
	id, ok := fun.(*ast.Ident)
	sel, isSel := fun.(*ast.SelectorExpr)
	if isSel {
		id, ok = sel.Sel, true
	}
	if !ok || !ast.IsExported(id.Name) {
		return false
	}
	for _, f := range c.m.FuncsNamed(id.Name) {
		if f.Recv == "" || isSel {
			return true
		}
	}
	return false
}

// bareArgument reports whether name is an argument, as a bare name, of
// call or of a call among its arguments.
func bareArgument(call *ast.CallExpr, name string) bool {
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok {
			for _, a := range x.Args {
				if id, ok := a.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// citedLineRe is a line cited in prose: "f.go:40", "line 40".
var citedLineRe = regexp.MustCompile(`\.go:\d+|\bline\s+\d+`)

// exampleArgument reports whether name, of one or two letters, is a bare
// argument of a call of an exported module function that a code span of
// the prose writes, in a clause that cites no line ("`Cause(Wrap(e, \"ctx\"))` steps ... to
// `e`"): a variable of the sentence's own example, wherever the sentence
// names it again.
func (c *Checker) exampleArgument(prose, name string) bool {
	if len(name) > 2 {
		return false // a name of the code, said wrongly ("`F(s, rowCap)`")
	}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := clauseAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) {
			continue
		}
		e, err := parser.ParseExpr(prose[loc[2]:loc[3]])
		if err != nil {
			continue
		}
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && c.exportedFunc(call.Fun) {
				for _, a := range call.Args {
					if id, ok := a.(*ast.Ident); ok && id.Name == name {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
