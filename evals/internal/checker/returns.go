package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/internal/astutil"
)

// KindReturns is a claim about what a module function returns: an error,
// or the values of a return statement ("`F` returns `nil, ErrClosed`").
const KindReturns = "returns"

var (
	// returnsVerbRe is the verb of the claims judged here.
	returnsVerbRe = regexp.MustCompile(`\breturns\b`)
	// anErrorRe follows "returns" when the clause says the function
	// returns an error value: "returns an error when ...", not "returns
	// an error page" or "an error to the client" (what a handler writes).
	anErrorRe = regexp.MustCompile("(?i)^\\s+(?:an?|the)\\s+(?:(?:non-nil|wrapped|new)\\s+)?`?error`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:when|whenever|if|unless|on|for|wrapping|that|which|because|as|and|so|instead|rather|once|after|before)\\b)")
	// valuesRe follows "returns" when the clause gives the values
	// returned, in backticks: "returns `nil, ErrClosed`", or after a
	// noun phrase that names them: "returns the raw bytes `b[:]`".
	// bareNilRe follows "returns" when the clause says the function
	// returns nil, written in prose or alone in backticks.
	bareNilRe = regexp.MustCompile("^\\s+(?:nil|`nil`)(?:\\s|[,.;:)]|$)")
	valuesRe  = regexp.MustCompile("^\\s+(?:(?:the|a|an|its)\\s+((?:[A-Za-z-]+\\s+){0,4}))?`([^`]+)`")
)

// checkReturns judges what a clause says a module function returns:
// "returns an error" of a function that has results, none of which can
// hold an error (a function without results is left alone: a handler
// "returns an error" by writing one); and values in backticks ("returns
// `nil, ErrClosed`") that no return statement of the function can give.
func (c *Checker) checkReturns(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		if len(s.funcs) == 0 {
			continue
		}
		name := lastName(s.subject.Text)
		if mm := anErrorRe.FindStringIndex(prose[s.after:]); mm != nil {
			if have, ok := noErrorResult(s.funcs); ok {
				claim := Claim{Text: name + " returns an error", Kind: KindReturns, start: s.subject.start, end: s.after + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s, which cannot hold an error", name, have)})
			}
			continue
		}
		if mm := bareNilRe.FindStringIndex(prose[s.after:]); mm != nil {
			if have, ok := notNillable(s.funcs); ok {
				claim := Claim{Text: name + " returns nil", Kind: KindReturns, start: s.subject.start, end: s.after + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s, which cannot be nil", name, have)})
				continue
			}
		}
		mm := valuesRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || mm[2] >= 0 && nounStopRe.MatchString(prose[s.after+mm[2]:s.after+mm[3]]) {
			// "returns the result of `db.Get`": what the noun is of,
			// not the value returned.
			continue
		}
		span := prose[s.after+mm[4] : s.after+mm[5]]
		reason := c.valuesNotReturned(s.funcs, span)
		if reason == "" {
			reason = c.callNotReturned(s.funcs, span)
		}
		if reason != "" {
			claim := Claim{Text: name + " returns " + span, Kind: KindReturns, start: s.subject.start, end: s.after + mm[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
		}
	}
	return results
}

// noErrorResult returns the results of funcs, written as a list, when
// each of them has results and none can hold an error: no result is an
// interface, or a type whose value or pointer implements error.
func noErrorResult(funcs []*source.Func) (string, bool) {
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	var have []string
	for _, f := range funcs {
		if f.Obj == nil {
			return "", false
		}
		sig, ok := f.Obj.Type().(*types.Signature)
		if !ok || sig.Results().Len() == 0 {
			return "", false
		}
		var res []string
		for i := 0; i < sig.Results().Len(); i++ {
			t := sig.Results().At(i).Type()
			if types.IsInterface(t) || types.Implements(t, errType) || types.Implements(types.NewPointer(t), errType) {
				return "", false
			}
			res = append(res, types.TypeString(t, source.Qualifier))
		}
		have = append(have, "("+strings.Join(res, ", ")+")")
	}
	return strings.Join(have, " or "), len(have) > 0
}

// notNillable returns the result of funcs, when each of them has exactly
// one result and no such result can be nil (a struct, an array or a basic
// type, by its underlying type).
func notNillable(funcs []*source.Func) (string, bool) {
	var have []string
	for _, f := range funcs {
		if f.Obj == nil {
			return "", false
		}
		sig, ok := f.Obj.Type().(*types.Signature)
		if !ok || sig.Results().Len() != 1 {
			return "", false
		}
		t := sig.Results().At(0).Type()
		switch t.Underlying().(type) {
		case *types.Struct, *types.Array, *types.Basic:
		default:
			return "", false
		}
		if _, isParam := t.(*types.TypeParam); isParam {
			return "", false
		}
		have = append(have, types.TypeString(t, source.Qualifier))
	}
	return strings.Join(have, " or "), len(have) > 0
}

// callNotReturned returns why no return statement of funcs returns the
// call span quotes ("NewWithClaims(method, RegisteredClaims{}, opts...)"),
// or "": each function has one result, every one of its return
// statements returns a call of the same function, each with a literal
// argument other than the one span gives in its place.
func (c *Checker) callNotReturned(funcs []*source.Func, span string) string {
	said, err := parser.ParseExpr(span)
	call, ok := said.(*ast.CallExpr)
	if err != nil || !ok {
		return ""
	}
	callee := types.ExprString(call.Fun)
	var seen []string
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil || f.Obj == nil || f.Obj.Type().(*types.Signature).Results().Len() != 1 {
			return ""
		}
		rets := returnStmts(f.Decl.Body)
		if len(rets) == 0 {
			return ""
		}
		for _, ret := range rets {
			if len(ret.Results) != 1 {
				return ""
			}
			got, ok := ret.Results[0].(*ast.CallExpr)
			if !ok || types.ExprString(got.Fun) != callee {
				return ""
			}
			if !literalArgDiffers(call, got) {
				return ""
			}
			seen = append(seen, types.ExprString(got))
		}
	}
	return fmt.Sprintf("it returns %s, not %s", strings.Join(seen, " or "), span)
}

// literalArgDiffers reports whether two calls of one function, with as
// many arguments, differ at a place where both give a literal (a basic
// or a composite one): names, which the prose may borrow from the
// callee's parameters, are not read.
func literalArgDiffers(said, got *ast.CallExpr) bool {
	if len(said.Args) != len(got.Args) {
		return false
	}
	literal := func(e ast.Expr) bool {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		switch e.(type) {
		case *ast.BasicLit, *ast.CompositeLit:
			return true
		}
		return false
	}
	for i := range said.Args {
		if literal(said.Args[i]) && literal(got.Args[i]) && squash(types.ExprString(said.Args[i])) != squash(types.ExprString(got.Args[i])) {
			return true
		}
	}
	return false
}

// valuesNotReturned returns why no return statement of funcs can return
// the values span lists ("nil, ErrClosed"), or "". Each value must be a
// name, a qualified name or a literal, and the list must give every
// result, or one of them. A return statement can give them unless, at
// some place, it returns a known value other than the one claimed: nil, a
// literal, a package-level variable or a function. A local variable, a
// call or any other expression may hold anything, and a bare return or a
// return of a call giving several results is not read: either makes the
// function unjudged.
func (c *Checker) valuesNotReturned(funcs []*source.Func, span string) string {
	claimed := returnList(span)
	if len(claimed) == 0 {
		return ""
	}
	for _, v := range claimed {
		if c.isTypeName(v) || types.Universe.Lookup(v) != nil && v != "nil" && v != "true" && v != "false" {
			return "" // types ("string, error"), not values
		}
	}
	var seen []string
	for _, f := range funcs {
		if f.Obj == nil || f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
			return ""
		}
		n := f.Obj.Type().(*types.Signature).Results().Len()
		if len(claimed) != n && len(claimed) != 1 {
			return ""
		}
		rets := returnStmts(f.Decl.Body)
		if len(rets) == 0 {
			return ""
		}
		for _, ret := range rets {
			if len(ret.Results) != n {
				return "" // a bare return, or a call giving every result
			}
			actual := make([]string, n)
			for i, e := range ret.Results {
				actual[i] = knownValue(f.Pkg.TypesInfo, e)
				if id, ok := ast.Unparen(e).(*ast.Ident); ok && actual[i] == "" && madeNonNil(f.Decl.Body, f.Pkg.TypesInfo, id) {
					actual[i] = nonNilMark + id.Name
				}
			}
			if mayGive(claimed, actual, c.positionsFor(claimed, f.Obj.Type().(*types.Signature))) {
				return ""
			}
			shown := make([]string, n)
			for i, a := range actual {
				shown[i] = strings.TrimPrefix(a, nonNilMark)
				if a == "" {
					shown[i] = types.ExprString(ret.Results[i])
				}
			}
			seen = append(seen, "return "+strings.Join(shown, ", "))
		}
	}
	return fmt.Sprintf("no return statement gives %s: %s", span, strings.Join(seen, "; "))
}

// returnList parses span as the values of a return statement, each a
// name, a qualified name or a basic literal, and returns them as written;
// nil when it is anything else.
func returnList(span string) []string {
	ret, ok := parseReturn(span)
	if !ok {
		return nil
	}
	var out []string
	for _, e := range ret.Results {
		switch e.(type) {
		case *ast.Ident, *ast.BasicLit:
		case *ast.SelectorExpr:
			if astutil.SelectorChain(e) == "" {
				return nil
			}
		default:
			return nil
		}
		out = append(out, types.ExprString(e))
	}
	return out
}

// parseReturn parses values as the values of one return statement; false
// when they are not, or there are none.
func parseReturn(values string) (*ast.ReturnStmt, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\nreturn "+values+"\n}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return nil, false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if len(body.List) != 1 {
		return nil, false
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	return ret, ok && len(ret.Results) > 0
}

// returnStmts lists the return statements of a function body, those of
// the function literals inside it left out.
func returnStmts(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// knownValue writes a returned expression whose value the code fixes: nil,
// true, false, a basic literal, a package-level variable or a function
// (of the module or an import); "" for anything else.
func knownValue(info *types.Info, e ast.Expr) string {
	e = ast.Unparen(e)
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if astutil.SelectorChain(x) == "" {
			return ""
		}
		id = x.Sel
	default:
		return ""
	}
	switch o := info.Uses[id].(type) {
	case *types.Nil:
		return "nil"
	case *types.Const:
		if o.Parent() == types.Universe {
			return o.Name() // true, false
		}
	case *types.Var:
		if o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
			return types.ExprString(e)
		}
	case *types.Func:
		return types.ExprString(e)
	}
	return ""
}

// nonNilMark marks, in a return statement's known values, a local variable
// that can only hold a value made in the function (never nil).
const nonNilMark = "non-nil "

// madeNonNil reports whether the local variable id is given a value only
// by make, new or a composite literal (or its address) in body: it cannot
// be nil where it is returned.
func madeNonNil(body *ast.BlockStmt, info *types.Info, id *ast.Ident) bool {
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	made, other := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			lid, isID := l.(*ast.Ident)
			if !isID || info.ObjectOf(lid) != v {
				continue
			}
			switch {
			case len(as.Rhs) != len(as.Lhs):
				other++
			case makesValue(as.Rhs[i]):
				made++
			case !appendsTo(as.Rhs[i], info, v):
				other++
			}
		}
		return true
	})
	return made > 0 && other == 0
}

// appendsTo reports whether e is append(v, …): a non-nil slice stays
// non-nil.
func appendsTo(e ast.Expr, info *types.Info, v *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fn, isID := call.Fun.(*ast.Ident)
	arg, argID := call.Args[0].(*ast.Ident)
	return isID && fn.Name == "append" && argID && info.ObjectOf(arg) == v
}

// makesValue reports whether e makes a new non-nil value: make(…),
// new(…), a composite literal or its address.
func makesValue(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := x.X.(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && (id.Name == "make" || id.Name == "new")
	}
	return false
}

// mayGive reports whether a return statement whose values are actual
// ("" where unknown) may give the claimed values: all of them in order,
// or, for one claimed value, any of its values at the places it could
// take.
func mayGive(claimed, actual []string, places []bool) bool {
	same := func(a, b string) bool {
		if name, ok := strings.CutPrefix(a, nonNilMark); ok {
			return b != "nil" && name != ""
		}
		return a == "" || a == b || lastName(a) == lastName(b)
	}
	if len(claimed) == len(actual) {
		for i := range claimed {
			if !same(actual[i], claimed[i]) {
				return false
			}
		}
		return true
	}
	for i, a := range actual {
		if places[i] && same(a, claimed[0]) {
			return true
		}
	}
	return false
}

// positionsFor returns, for one claimed value, which results of sig it
// could be: those its type is assignable to, when it is a package-level
// variable of the module; all of them otherwise.
func (c *Checker) positionsFor(claimed []string, sig *types.Signature) []bool {
	out := make([]bool, sig.Results().Len())
	var typ types.Type
	if len(claimed) == 1 {
		for _, o := range c.m.Objects[claimed[0]] {
			if v, ok := o.(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				typ = v.Type()
			}
		}
	}
	for i := range out {
		out[i] = typ == nil || types.AssignableTo(typ, sig.Results().At(i).Type())
	}
	return out
}
