package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strings"
)

// KindVarInit is a claim about the call a package variable is made with:
// "`ErrNotFound` is created with `errors.New("no route matched")`".
const KindVarInit = "var_init"

// checkVarInits judges a call a sentence quotes after a package
// variable it names (the nearest name before the call), when the
// variable's declaration calls the same function: "`ErrNotFound` is a package-level error created with
// `errors.New(…)`" must quote the declaration's call, white space aside.
// Only the one variable of that name in the module is read, and a
// sentence that may quote code on purpose (a fix, a negation) is not.
func (c *Checker) checkVarInits(prose string, claims []Claim, results []Result) []Result {
	for _, m := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		e, err := parser.ParseExpr(prose[m[2]:m[3]])
		call, ok := e.(*ast.CallExpr)
		if err != nil || !ok {
			continue
		}
		from, to := sentenceAround(prose, m[0])
		if proposalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		// The name the call is said of: the nearest one before it.
		var named *Claim
		for i := range claims {
			cl := &claims[i]
			if cl.start >= from && cl.end <= m[0] && !cl.fromExpr && !cl.InCode && (named == nil || cl.start > named.start) {
				named = cl
			}
		}
		if named == nil || named.Kind != KindIdentifier {
			continue
		}
		init := c.packageVarInit(named.Text)
		if init == nil || types.ExprString(call.Fun) != types.ExprString(init.Fun) || squash(types.ExprString(call)) == squash(types.ExprString(init)) {
			continue
		}
		claim := Claim{Text: named.Text + " = " + types.ExprString(call), Kind: KindVarInit, start: named.start, end: m[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared = %s", named.Text, types.ExprString(init))})
	}
	return results
}

// packageVarInit returns the call that declares the one package variable
// of the module called name, nil when there is not exactly one such
// variable or its value is no call.
func (c *Checker) packageVarInit(name string) *ast.CallExpr {
	call, _ := c.packageVarValue(name).(*ast.CallExpr)
	return call
}

// packageVarValue returns the expression that declares the one package
// variable of the module called name, nil when there is not exactly one
// such variable or it is declared without a value.
func (c *Checker) packageVarValue(name string) ast.Expr {
	var found []ast.Expr
	vars := 0
	for _, sp := range c.topSpecs() {
		vs, ok := sp.spec.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for i, id := range vs.Names {
			if id.Name != name {
				continue
			}
			vars++
			if sp.decl.Tok.String() != "var" || len(vs.Values) != len(vs.Names) {
				continue
			}
			found = append(found, vs.Values[i])
		}
	}
	if vars != 1 || len(found) != 1 {
		return nil
	}
	return found[0]
}

// KindVarInitial is a claim about the value a package variable is
// declared with: "`TimePrecision` is a package variable initialised to
// `time.Millisecond`".
const KindVarInitial = "var_initial"

// varInitialRe follows a name: the value it is said to start with.
var varInitialRe = regexp.MustCompile("(?i)^`?\\s+(?:is\\s+)?(?:an?\\s+(?:(?:package-level|package|global|unexported|exported)\\s+)*(?:variable|var)\\s+(?:that\\s+|which\\s+)?)?(?:(?:is\\s+)?(?:initiali[sz]ed|declared|set)\\s+(?:(?:at|in|on)\\s+[\\w./-]+(?::\\d+)?\\s+)?(?:to|as|with)|defaults\\s+to|starts\\s+(?:out\\s+)?(?:as|at)|begins\\s+at)\\s+(?:`([^`]+)`|(true|false|nil|zero|-?\\d+)\\b)")

// ownDeclRe is a variable's declaration quoted whole: "var x = y",
// "var x T = y", "x := y".
var ownDeclRe = regexp.MustCompile(`^(?:var\s+)?([A-Za-z_]\w*)(?:\s+[^=:]+?)?\s*:?=\s*(.+)$`)

// checkVarInitials judges the value a sentence says a package variable is
// declared with, against its declaration: by text, or by constant value.
func (c *Checker) checkVarInitials(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier || cl.InCode || cl.fromExpr || cl.Proposed {
			continue
		}
		m := varInitialRe.FindStringSubmatch(prose[cl.end:])
		if m == nil {
			continue
		}
		said := m[1] + m[2]
		if d := ownDeclRe.FindStringSubmatch(said); d != nil && d[1] == cl.Text {
			said = d[2] // "declared as `var nnSub = nbSub`": the declaration quoted whole
		}
		if strings.EqualFold(said, "zero") {
			said = "0"
		}
		value := c.packageVarValue(cl.Text)
		if value == nil || squash(types.ExprString(value)) == squash(said) {
			continue
		}
		if v, ok := c.sameConstantValue(value, said); ok && v {
			continue
		}
		claim := Claim{Text: cl.Text + " starts as " + said, Kind: KindVarInitial, start: cl.start, end: cl.end + len(m[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared = %s", cl.Text, types.ExprString(value))})
	}
	return results
}

// sameConstantValue reports whether the declared value and the text said
// are constants of the same value; ok is false when either is no
// constant the declaring package can evaluate.
func (c *Checker) sameConstantValue(value ast.Expr, said string) (same, ok bool) {
	for _, p := range c.m.Pkgs {
		tv, has := p.TypesInfo.Types[value]
		if !has {
			continue
		}
		if tv.Value == nil {
			return false, false
		}
		st, err := types.Eval(c.m.Fset, p.Types, value.Pos(), said)
		if err != nil || st.Value == nil {
			return false, false
		}
		return sameConstant(tv.Value, st.Value), true
	}
	return false, false
}

// KindVarType is a claim about the type of a package variable:
// "`contextKeyIDMutex` is a package-level `*sync.RWMutex`".
const KindVarType = "var_type"

// varTypeRe follows a name: "is a package-level `T`", "is a variable of
// type `T`", and after "of type" a type written in prose ("is a package
// variable of type uint").
var varTypeRe = regexp.MustCompile("^`?\\s+is\\s+(?:an?\\s+(?:(?:package-level|package|global|unexported|exported)\\s+)*(?:variable\\s+(?:of\\s+type\\s+)?|var\\s+)?|(?:a\\s+)?variable\\s+of\\s+type\\s+)(?:`([^`]+)`|(" + proseTypePattern + ")\\b)")

// checkVarTypes judges the type a sentence gives the one package
// variable of a name: its declared type, as Go writes it with package
// names, white space aside.
func (c *Checker) checkVarTypes(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.fromExpr || cl.InCode || cl.Kind != KindIdentifier || cl.end > len(prose) {
			continue
		}
		mm := varTypeRe.FindStringSubmatch(prose[cl.end:])
		if mm == nil || mm[2] != "" && !strings.Contains(mm[0], "of type") {
			continue
		}
		if mm[2] != "" {
			mm[1] = mm[2] // "is a package variable of type uint"
		}
		if e, err := parser.ParseExpr(mm[1]); err != nil || !typeExpr(e) {
			continue
		}
		v := c.packageVar(cl.Text)
		if v == nil {
			continue
		}
		have := types.TypeString(v.Type(), func(p *types.Package) string { return p.Name() })
		if squash(have) == squash(mm[1]) {
			continue
		}
		claim := Claim{Text: cl.Text + " is a " + mm[1], Kind: KindVarType, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is a %s", cl.Text, have)})
	}
	return results
}

// typeExpr reports whether e is written as a type: a name, a qualified
// name, a pointer, slice, map, channel, function or interface type.
func typeExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType:
		return true
	case *ast.StarExpr:
		return typeExpr(e.X)
	}
	return false
}

// packageVar returns the one package-level variable of the module
// called name, nil when there is not exactly one.
func (c *Checker) packageVar(name string) *types.Var {
	var found []*types.Var
	for _, p := range c.m.Pkgs {
		if p.Types == nil {
			continue
		}
		if v, ok := p.Types.Scope().Lookup(name).(*types.Var); ok {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		return nil
	}
	return found[0]
}
