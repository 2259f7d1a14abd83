package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// KindConstValue is a claim about the value of a constant, or of a
// package variable its declaration gives a constant: "`DefaultAddress`
// is `":8080"`", "`DateFormat` is `time.RFC3339`".
const KindConstValue = "const_value"

// constValueRe follows a name whose value the text states in code: a
// string literal or a constant's name, after "is", "which is", "equals",
// "defaults to", "with a default of", "=" or in parentheses ("`nilMessage` (`"Request is nil"`)").
var constValueRe = regexp.MustCompile("^`(?:" + appositive + "\\s*(?:,?\\s*(?:which|that)\\s+is|is|equals|=|==|is set to|is defined as|is declared as|holds|has the value|has value|defaults to|is initiali[sz]ed to|" + defaultOf + ")\\s+|\\s*\\(\\s*)`(" + statedValue + ")`")

// defaultOf says the value a variable starts with, after the place that
// declares it: "is declared at version.go:29 with a default of",
// "has a default value of".
const defaultOf = "(?:is\\s+(?:declared|defined)(?:\\s+(?:at|in|on)\\s+[\\w./:-]*\\w)?\\s+)?(?:with|has)\\s+(?:a|the)\\s+default(?:\\s+value)?(?:\\s+of)?"

// constTypedValueRe follows a name said to be a constant of a type with a
// value: "`DefaultExpiration` is declared at cache.go:32 as a
// `time.Duration` constant with the value `-1`".
var constTypedValueRe = regexp.MustCompile("^`" + appositive + "\\s*(?:\\([^()`]{1,60}\\)\\s*)?(?:is|is\\s+(?:declared|defined)(?:\\s+(?:at|in|on)\\s+[\\w./:-]*\\w)?\\s+as)\\s+(?:a|an|the)\\s+(?:`[^`]+`\\s+)?(?:typed\\s+)?constant\\s+(?:with|of)\\s+(?:the\\s+)?value\\s+`(" + statedValue + ")`")

// constNounValueRe follows a name whose value the text states after a
// short noun phrase, the phrase first: "`FormKey` is the form key
// `"method"`"; a place in parentheses may come between ("`Code`
// (cors.go:29) is 204").
var constNounValueRe = regexp.MustCompile("^`\\s*(?:\\([^()`]{1,60}\\)\\s*)?is\\s+(?:the|a|an)\\s+((?:[A-Za-z-]+\\s+){0,3})`(" + statedValue + ")`")

// nounStopRe matches a phrase that opens a relative clause or another
// thing's description ("the key under which `X`…", "the same as `Y`"),
// which states no value of the name.
var nounStopRe = regexp.MustCompile(`(?i)\b(?:which|that|under|of|for|in|to|by|with|where|when|whose|same|as|like|from|one)\b`)

// constNumberRe follows a name whose value the text states as a plain
// number ("`routeKey`, the second of the block, has the value 1",
// "`Size` is declared at size.go:9 as the constant 16").
var constNumberRe = regexp.MustCompile("^`" + appositive + "\\s*(?:\\([^()`]{1,60}\\)\\s*)?(?:is|equals|has the value|has value|is set to|is\\s+(?:declared|defined)(?:\\s+(?:at|in|on)\\s+[\\w./:-]*\\w)?\\s+as(?:\\s+the\\s+(?:constant|number|value))?|is\\s+the\\s+constant)\\s+(-?\\d+)\\b")

// constRelativeRe follows a name whose value a relative clause states,
// with the place that declares it as its subject: "`rawLen`, the
// constant that id.go:66 sets to 16", "`ignore`, which form.go:10
// declares as "_"".
var constRelativeRe = regexp.MustCompile("^`,?\\s*(?:the\\s+(?:constant|value|number)\\s+)?(?:that|which)\\s+(?:[\\w./-]+:\\d+\\s+)?(?:sets?\\s+(?:it\\s+)?to|declares?\\s+(?:it\\s+)?as|defines?\\s+(?:it\\s+)?as)\\s+(?:`(" + statedValue + ")`|(-?\\d+)\\b|\"([^\"`]*)\")")

// constRelativeValue returns constRelativeRe's match in text and the
// value it states, written as Go ("_" in prose is `"_"`), or nil.
func constRelativeValue(text string) []string {
	m := constRelativeRe.FindStringSubmatch(text)
	switch {
	case m == nil:
		return nil
	case m[1] != "":
		return []string{m[0], m[1]}
	case m[2] != "":
		return []string{m[0], m[2]}
	}
	return []string{m[0], strconv.Quote(m[3])}
}

// appositive is a phrase set off by commas between a name and the verb
// that states its value ("`Path`, the key under which …, is
// `ContextKey(0)`", "`Destroyed`, the last of the `iota` block, is
// `Status(2)`"): prose and whole code spans, a line's worth at most.
const appositive = "(?:,(?:[^`,.;:]|`[^`,]*`|[\\w/-]+\\.go:\\d+){3,100},)?"

// statedValue is a value a sentence states in code: a string literal, an
// integer (negative, or converted to a named type: `ContextKey(1)`), a
// number times a package's constant (`30 * time.Second`), or a
// constant's name.
const statedValue = "\"(?:[^\"\\\\`]|\\\\.)*\"|-?\\d+(?:\\.\\d+)?\\s*\\*\\s*[A-Za-z_]\\w*\\.[A-Za-z_]\\w*|-?\\d+(?:\\s*[-+*/<>]{1,2}\\s*\\d+)+|-?\\d+|[A-Za-z_]\\w*\\(\\s*-?\\d+\\s*\\)|[A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)?"

// codeConstRe is a declaration quoted whole in one span: "the constant
// `bc = \"/.;,\"`", "`maxDepth = 8`".
var codeConstRe = regexp.MustCompile("^\\s*(?:const\\s+|var\\s+)?([A-Za-z_]\\w*)\\s*=\\s*(" + statedValue + ")\\s*$")

// checkConstValues judges the value a sentence states for a constant, or
// for a package variable declared with a constant value and assigned
// nowhere in the module: a string literal, or another constant (of the
// module or an import) whose value differs, contradicts it. A name that
// resolves to no constant, or a value that is no constant, is not read.
func (c *Checker) checkConstValues(prose string, claims []Claim, results []Result) []Result {
	results = c.checkQuotedDecls(prose, results)
	for _, cl := range claims {
		if cl.fromExpr || cl.InCode || (cl.Kind != KindIdentifier && cl.Kind != KindSelector) || cl.end >= len(prose) {
			continue
		}
		mm := constValueRe.FindStringSubmatch(prose[cl.end-1:])
		if mm == nil {
			mm = constNumberRe.FindStringSubmatch(prose[cl.end-1:])
		}
		if mm == nil {
			mm = constTypedValueRe.FindStringSubmatch(prose[cl.end-1:])
		}
		if mm == nil {
			mm = constRelativeValue(prose[cl.end-1:])
		}
		if mm == nil {
			// "`FormKey` is the form key `"method"`": a short noun
			// phrase naming what the value is, no relative clause.
			if m := constNounValueRe.FindStringSubmatch(prose[cl.end-1:]); m != nil && !nounStopRe.MatchString(m[1]) {
				mm = []string{m[0], m[2]}
			}
		}
		if mm == nil {
			continue
		}
		if from, to := sentenceAround(prose, cl.start); modalRe.MatchString(outsideCode(prose[from:to])) {
			continue // "`X` should be `"..."`"
		}
		if _, isVar := c.varNamed(cl.Text); isVar && conditionLeadRe.MatchString(prose[:cl.start]) {
			continue // "when `Coerce` is `false`": a case, not the value
		}
		have, ok := c.constantOf(cl.Text)
		if !ok {
			continue
		}
		want, ok := c.statedConstValue(mm[1])
		if !ok || want.Kind() != have.Kind() {
			continue
		}
		if constant.Compare(have, token.EQL, want) {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s is %s", cl.Text, mm[1]), Kind: KindConstValue, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is %s, not %s", cl.Text, have.ExactString(), want.ExactString())})
	}
	return results
}

// conditionLeadRe ends prose that makes what follows a case the sentence
// supposes ("when the variable `X` is `false`"), not a value it states.
var conditionLeadRe = regexp.MustCompile(`(?i)\b(?:when|whenever|if|unless|while|whether|until|once)\s+(?:[\w-]+\s+){0,3}$`)

// varNamed reports whether name is a package variable (not a constant).
func (c *Checker) varNamed(name string) (*types.Var, bool) {
	for _, o := range c.objectsNamed(normalizeSelector(name)) {
		if v, ok := o.(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return v, true
		}
	}
	return nil, false
}

// constantOf returns the one value a name has: a constant's, or a
// package variable's whose declaration gives it a constant and that no
// statement of the module assigns.
func (c *Checker) constantOf(name string) (constant.Value, bool) {
	// A local variable of the same name ("bc := p.breaks[i]") has no
	// constant value to state: only constants and package variables
	// count.
	var objs []types.Object
	for _, o := range c.objectsNamed(normalizeSelector(name)) {
		if _, isConst := o.(*types.Const); isConst || o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
			objs = append(objs, o)
		}
	}
	if len(objs) != 1 {
		return nil, false
	}
	switch o := objs[0].(type) {
	case *types.Const:
		return o.Val(), true
	case *types.Var:
		if o.IsField() || o.Parent() == nil || o.Pkg() == nil || o.Parent() != o.Pkg().Scope() {
			return nil, false
		}
		return c.varConstant(o)
	}
	return nil, false
}

// varConstant returns the constant a package variable of the module is
// declared with, unless a statement assigns it.
func (c *Checker) varConstant(v *types.Var) (constant.Value, bool) {
	var val constant.Value
	assigned := false
	for _, p := range c.m.Pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ValueSpec:
					for i, id := range n.Names {
						if p.TypesInfo.Defs[id] == v && len(n.Values) == len(n.Names) {
							if tv, ok := p.TypesInfo.Types[n.Values[i]]; ok && tv.Value != nil {
								val = tv.Value
							}
						}
					}
				case *ast.AssignStmt:
					for _, l := range n.Lhs {
						if id, ok := ast.Unparen(l).(*ast.Ident); ok && p.TypesInfo.Uses[id] == v {
							assigned = true
						}
						if s, ok := l.(*ast.SelectorExpr); ok && p.TypesInfo.Uses[s.Sel] == v {
							assigned = true
						}
					}
				case *ast.UnaryExpr:
					// &v may be written through.
					if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && p.TypesInfo.Uses[id] == v {
						assigned = true
					}
				}
				return true
			})
		}
	}
	return val, val != nil && !assigned
}

// checkQuotedDecls judges a constant's declaration quoted whole in one
// code span ("the constant `bc = \"/.;:\"`"): the value the module gives
// that name must be the one quoted.
func (c *Checker) checkQuotedDecls(prose string, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		mm := codeConstRe.FindStringSubmatch(prose[loc[2]:loc[3]])
		if mm == nil {
			continue
		}
		if from, to := sentenceAround(prose, loc[0]); modalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		have, ok := c.constantOf(mm[1])
		if !ok {
			continue
		}
		want, ok := c.statedConstValue(mm[2])
		if !ok || want.Kind() != have.Kind() || constant.Compare(have, token.EQL, want) {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s is %s", mm[1], mm[2]), Kind: KindConstValue, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is %s, not %s", mm[1], have.ExactString(), want.ExactString())})
	}
	return results
}

// statedNumberRe is an integer stated alone or converted to a named type
// (`ContextKey(1)`): its digits.
// statedArithmeticRe is a value stated as integers and operators.
var statedArithmeticRe = regexp.MustCompile(`^-?\d+(?:\s*(?:[-+*/]|<<|>>)\s*\d+)+$`)

// scaledConstRe is a number times a package's constant: `30 *
// time.Second`, `1.5 * time.Minute`.
var scaledConstRe = regexp.MustCompile(`^(-?\d+(?:\.\d+)?)\s*\*\s*([A-Za-z_]\w*\.[A-Za-z_]\w*)$`)

var statedNumberRe = regexp.MustCompile(`^(?:[A-Za-z_]\w*\(\s*)?(-?\d+)\s*\)?$`)

// statedConstValue reads a stated value: a Go string literal, an integer
// (alone or converted to a named type), or the name of a constant.
func (c *Checker) statedConstValue(s string) (constant.Value, bool) {
	if s == "true" || s == "false" {
		return constant.MakeBool(s == "true"), true
	}
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return nil, false
		}
		return constant.MakeString(u), true
	}
	if statedArithmeticRe.MatchString(s) {
		// "16 * 32", "1 << 10": what the constant expression is worth.
		tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, s)
		if err != nil || tv.Value == nil {
			return nil, false
		}
		return tv.Value, true
	}
	if mm := scaledConstRe.FindStringSubmatch(s); mm != nil {
		// "30 * time.Second": the number times the constant's value.
		unit, ok := c.statedConstValue(mm[2])
		n := constant.MakeFromLiteral(mm[1], token.FLOAT, 0)
		if strings.Trim(mm[1], "-0123456789") == "" {
			n = constant.MakeFromLiteral(mm[1], token.INT, 0)
		}
		if !ok || n.Kind() == constant.Unknown || !numericKind(unit.Kind()) {
			return nil, false
		}
		v := constant.BinaryOp(n, token.MUL, unit)
		if unit.Kind() == constant.Int {
			if v = constant.ToInt(v); v.Kind() != constant.Int {
				return nil, false
			}
		}
		return v, true
	}
	if mm := statedNumberRe.FindStringSubmatch(s); mm != nil && strings.Count(s, "(") == strings.Count(s, ")") {
		n, err := strconv.ParseInt(mm[1], 10, 64)
		if err != nil {
			return nil, false
		}
		return constant.MakeInt64(n), true
	}
	objs := c.objectsNamed(s)
	if len(objs) != 1 {
		return nil, false
	}
	k, ok := objs[0].(*types.Const)
	if !ok {
		return nil, false
	}
	return k.Val(), true
}

// objectsNamed returns the objects a name may denote: for "Name", the
// module's objects of that name; for "pkg.Name", the members Name of the
// packages named pkg; for anything else, none.
func (c *Checker) objectsNamed(name string) []types.Object {
	parts := strings.Split(name, ".")
	var objs []types.Object
	switch len(parts) {
	case 1:
		objs = c.m.Objects[parts[0]]
	case 2:
		for _, p := range c.packagesNamed(parts[0]) {
			if o := p.Scope().Lookup(parts[1]); o != nil {
				objs = append(objs, o)
			}
		}
	}
	return objs
}
