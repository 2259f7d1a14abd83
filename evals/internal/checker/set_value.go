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

	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/internal/astutil"
)

// KindSetValue is a claim about the number a function sets a field or
// variable to: "`NewPool` sets `size` to 8 by default".
const KindSetValue = "set_value"

var (
	// setsVerbRe is the verb of those claims.
	setsVerbRe = regexp.MustCompile(`(?i)\b(?:sets|initializes|initialises|defaults)\b`)
	// leavesVerbRe and leftAsRe read the value a function leaves a field
	// at: "`New` leaves `Strict` false", "New leaves MaxAge at zero" (a
	// name in prose that is a claim).
	leavesVerbRe = regexp.MustCompile(`(?i)\b(?:leaves|keeps)\b`)
	// withSetVerbRe and withSetRe read the value a function returns a
	// field with: "`NewStatic` returns a `*Static` with `IndexFile` set to
	// `"index.html"`".
	withSetVerbRe = regexp.MustCompile(`(?i)\b(?:returns|builds|creates|makes)\b`)
	withSetRe     = regexp.MustCompile("(?i)^[^.;`]*(?:`[^`]*`[^.;`]*)?\\bwith\\b[^.;]*?`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+set\\s+to\\s+`?(-?(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\\.[0-9]+)?)|true|false|\"(?:[^\"\\\\`]|\\\\.)*\")`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for|at)\\b)")
	leftAsRe      = regexp.MustCompile("(?i)^\\s+(?:the\\s+)?(?:field\\s+)?`?([A-Za-z_][\\w.]*)`?(?:\\s+field)?\\s+(?:(?:as|at|set\\s+to)\\s+)?`?(true|false|zero|-?[0-9]+)`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for|at)\\b)")
	// setToRe follows the verb: the name set, then the number. A number
	// followed by a unit ("to 30 seconds") or by more of an expression
	// ("to 86400 * 30") states something else, and is not read.
	setToRe = regexp.MustCompile("(?i)^\\s+(?:the\\s+)?(?:field\\s+)?`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+to\\s+`?(-?(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\\.[0-9]+)?)|true|false|\"(?:[^\"\\\\`]|\\\\.)*\")`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for|at)\\b)")
)

// checkSetValues judges "`F` sets `x` to N" (a number, true or false)
// and "`F` leaves `x` false" (or keeps it at N): every assignment to a
// field or variable called x in F and the module functions it reaches (a
// key of a composite literal, the left side of "=" or ":=") must be
// known, and none gives N. An assignment of a value that is not a
// constant of a basic type (a parameter, a call, a time.Duration), or no
// assignment at all (the zero value), leaves the claim unjudged.
func (c *Checker) checkSetValues(prose string, claims []Claim, results []Result) []Result {
	subjects := c.verbSubjects(prose, claims, setsVerbRe)
	leaves := len(subjects)
	subjects = append(subjects, c.verbSubjects(prose, claims, leavesVerbRe)...)
	withs := len(subjects)
	subjects = append(subjects, c.verbSubjects(prose, claims, withSetVerbRe)...)
	for i, s := range subjects {
		re := setToRe
		switch {
		case i >= withs:
			re = withSetRe
		case i >= leaves:
			re = leftAsRe
		}
		mm := re.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) == 0 {
			continue
		}
		if prose[s.after+mm[2]-1] != '`' && !claimAt(claims, s.after+mm[2]) {
			continue // a word of prose ("leaves it at 0"), not a name
		}
		target := lastName(prose[s.after+mm[2] : s.after+mm[3]])
		stated := prose[s.after+mm[4] : s.after+mm[5]]
		want := statedConstant(stated)
		if want.Kind() == constant.Unknown {
			continue
		}
		have, known := c.valuesSet(c.reach(s.funcs), target)
		reach := " and the functions it reaches"
		if !known {
			reach = " at the line cited"
			// Not every value it gets is a constant: the line the
			// clause cites, when it sets the name to one, is judged.
			have, known = c.valueSetAtCitedLine(prose, claims, s.after+mm[1], target)
		}
		if !known || len(have) == 0 {
			continue
		}
		same := false
		var texts []string
		for _, v := range have {
			if numericKind(v.Kind()) != numericKind(want.Kind()) || !numericKind(v.Kind()) && v.Kind() != want.Kind() {
				same = true // a number said of a flag or a string, or the other way round: not read
				break
			}
			same = same || constant.Compare(v, token.EQL, want)
			texts = append(texts, v.ExactString())
		}
		if same {
			continue
		}
		name := lastName(s.subject.Text)
		claim := Claim{Text: fmt.Sprintf("%s sets %s to %s", name, target, stated), Kind: KindSetValue, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s%s set %s to %s only", name, reach, target, strings.Join(texts, ", "))})
	}
	for _, s := range subjects[:leaves] {
		results = c.checkSetExprPairs(prose, s, results)
	}
	for _, s := range subjects[withs:] {
		results = c.checkWithPairs(prose, s, results)
	}
	return results
}

// withPairsRe is the stretch after a verb of withSetVerbRe up to the
// first "with", and the rest of the clause: "creates the `Conn` with
// `enableWriteCompression: true` and `compressionLevel: 2`".
var withPairsRe = regexp.MustCompile("(?i)^[^.;`]*(?:`[^`]*`[^.;`]*)?\\bwith\\b((?:[^.;]|\\.[A-Za-z_])*)")

// pairSpanRe is a code span that writes one key of a composite literal
// and its value.
var pairSpanRe = regexp.MustCompile("`([A-Za-z_]\\w*)\\s*:\\s*([^`]+)`")

// checkWithPairs judges "`F` creates the `T` with `key: value`": the
// value is read as a constant (a literal, or a constant the package of F
// can name: flate.BestCompression), and, as for "with `key` set to N",
// every assignment to key in F and the functions it reaches must be
// known, and none gives it.
func (c *Checker) checkWithPairs(prose string, s saidOf, results []Result) []Result {
	mm := withPairsRe.FindStringSubmatchIndex(prose[s.after:])
	if mm == nil || len(s.funcs) == 0 {
		return results
	}
	from := s.after + mm[2]
	for _, pm := range pairSpanRe.FindAllStringSubmatchIndex(prose[from:s.after+mm[3]], -1) {
		results = c.judgeSetPair(s, prose[from+pm[2]:from+pm[3]], strings.TrimSpace(prose[from+pm[4]:from+pm[5]]), from+pm[1], results)
	}
	return results
}

// setExprPairRe is one "`name` to `expression`" of "`New` sets
// `Lifetime` to `24 * time.Hour` and `IdleTimeout` to `20 *
// time.Minute`".
var setExprPairRe = regexp.MustCompile("^(?:\\s*,?\\s*(?:and\\s+)?(?:the\\s+)?(?:field\\s+)?)`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+to\\s+`([^`]+)`")

// checkSetExprPairs judges, after a verb of setsVerbRe, each "`name` to
// `expression`" in a row: the expression a constant the package of F can
// evaluate (a literal or a constant expression: 24 * time.Hour).
func (c *Checker) checkSetExprPairs(prose string, s saidOf, results []Result) []Result {
	at := s.after
	for len(s.funcs) > 0 {
		pm := setExprPairRe.FindStringSubmatchIndex(prose[at:])
		if pm == nil {
			break
		}
		results = c.judgeSetPair(s, lastName(prose[at+pm[2]:at+pm[3]]), strings.TrimSpace(prose[at+pm[4]:at+pm[5]]), at+pm[1], results)
		at += pm[1]
	}
	return results
}

// judgeSetPair judges that the subject's functions set target to stated
// (a literal, or a constant expression the package of the first names):
// every assignment to target in them and what they reach must be known,
// and none gives that value; no assignment at all, where a keyed literal
// of theirs leaves target out, is its zero value.
func (c *Checker) judgeSetPair(s saidOf, target, stated string, end int, results []Result) []Result {
	want := statedConstant(stated)
	if want.Kind() == constant.Unknown {
		want = c.evalConstant(s.funcs[0], stated)
	}
	if want.Kind() == constant.Unknown {
		return results
	}
	have, known := c.valuesSet(c.reach(s.funcs), target)
	verb := "set " + target + " to"
	if known && len(have) == 0 {
		if zero, ok := unsetFieldZero(s.funcs, target); ok {
			have, verb = []constant.Value{zero}, "leave "+target+" at its zero value,"
		}
	}
	if !known || len(have) == 0 {
		return results
	}
	var texts []string
	for _, v := range have {
		if numericKind(v.Kind()) != numericKind(want.Kind()) || !numericKind(v.Kind()) && v.Kind() != want.Kind() || constant.Compare(v, token.EQL, want) {
			return results // a number said of a flag, or the value said
		}
		texts = append(texts, v.ExactString())
	}
	for _, r := range results {
		if r.Kind == KindSetValue && r.start == s.subject.start && strings.Contains(r.Text, " sets "+target+" to ") {
			return results // judged already
		}
	}
	name := lastName(s.subject.Text)
	claim := Claim{Text: fmt.Sprintf("%s sets %s to %s", name, target, stated), Kind: KindSetValue, start: s.subject.start, end: end}
	return append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches %s %s only, not %s (%s)", name, verb, strings.Join(texts, ", "), stated, want.ExactString())})
}

// unsetFieldZero returns the zero value of a field of a basic type that
// a keyed composite literal of one of funcs leaves out, when every keyed
// literal of funcs whose struct has the field leaves it out.
func unsetFieldZero(funcs []*source.Func, field string) (constant.Value, bool) {
	var zero constant.Value
	ok := true
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
			continue
		}
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			lit, isLit := n.(*ast.CompositeLit)
			if !isLit || len(lit.Elts) == 0 {
				return true
			}
			t := f.Pkg.TypesInfo.TypeOf(lit)
			if t == nil {
				return true
			}
			st, isStruct := t.Underlying().(*types.Struct)
			if !isStruct {
				return true
			}
			var ft types.Type
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == field {
					ft = st.Field(i).Type()
				}
			}
			if ft == nil {
				return true
			}
			for _, e := range lit.Elts {
				kv, keyed := e.(*ast.KeyValueExpr)
				if !keyed {
					ok = false // positional: every field is given
					return true
				}
				if id, isID := kv.Key.(*ast.Ident); isID && id.Name == field {
					ok = false
				}
			}
			b, basic := ft.Underlying().(*types.Basic)
			switch {
			case !basic:
				ok = false
			case b.Info()&types.IsBoolean != 0:
				zero = constant.MakeBool(false)
			case b.Info()&types.IsNumeric != 0:
				zero = constant.MakeInt64(0)
			case b.Info()&types.IsString != 0:
				zero = constant.MakeString("")
			default:
				ok = false
			}
			return true
		})
	}
	return zero, ok && zero != nil
}

// evalConstant returns the value of a constant expression as the package
// of f names it in f's body, or in a file of the package that imports
// what it names; unknown when it is none.
func (c *Checker) evalConstant(f *source.Func, expr string) constant.Value {
	if f.Pkg == nil || f.Pkg.Types == nil || f.Decl == nil || f.Decl.Body == nil {
		return constant.MakeUnknown()
	}
	tv, err := types.Eval(c.m.Fset, f.Pkg.Types, f.Decl.Body.Pos(), expr)
	if err == nil && tv.Value != nil {
		return tv.Value
	}
	// A package another file of the package imports (compress/flate).
	for _, file := range f.Pkg.Syntax {
		if tv, err := types.Eval(c.m.Fset, f.Pkg.Types, file.Name.End(), expr); err == nil && tv.Value != nil {
			return tv.Value
		}
	}
	return constant.MakeUnknown()
}

// numericKind reports whether k is the kind of a number.
func numericKind(k constant.Kind) bool { return k == constant.Int || k == constant.Float }

// statedConstant reads the value a sentence states: a number, true,
// false or a Go string literal.
func statedConstant(stated string) constant.Value {
	if strings.HasPrefix(stated, `"`) {
		u, err := strconv.Unquote(stated)
		if err != nil {
			return constant.MakeUnknown()
		}
		return constant.MakeString(u)
	}
	switch strings.ToLower(stated) {
	case "zero":
		return constant.MakeInt64(0)
	case "true":
		return constant.MakeBool(true)
	case "false":
		return constant.MakeBool(false)
	}
	return constant.MakeFromLiteral(strings.ReplaceAll(stated, "_", ""), literalToken(stated), 0)
}

// valuesSet returns the numeric, boolean or string constant values the reached
// functions assign to a field or variable called name; known is false
// when one of those assignments is of anything else.
func (c *Checker) valuesSet(r *reached, name string) (have []constant.Value, known bool) {
	known = true
	for _, f := range r.funcs {
		info := f.Pkg.TypesInfo
		if info == nil {
			return nil, false
		}
		add := func(e ast.Expr) {
			tv, ok := info.Types[e]
			var b *types.Basic
			basic := false
			if ok && tv.Type != nil {
				// A named type of a basic one (time.Duration) too.
				b, basic = tv.Type.Underlying().(*types.Basic)
			}
			if !ok || tv.Value == nil || !basic || b.Info()&(types.IsNumeric|types.IsBoolean|types.IsString) == 0 {
				known = false
				return
			}
			have = append(have, tv.Value)
		}
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == name {
					if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
						add(n.Value)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if assignedName(l) != name {
						continue
					}
					if n.Tok != token.ASSIGN && n.Tok != token.DEFINE || len(n.Rhs) != len(n.Lhs) {
						known = false
						continue
					}
					add(n.Rhs[i])
				}
			case *ast.IncDecStmt:
				if assignedName(n.X) == name {
					known = false
				}
			}
			return true
		})
	}
	return have, known
}

// citedAssignRe is a statement that assigns one name a basic literal.
var citedAssignRe = regexp.MustCompile(`^\s*([A-Za-z_][\w.]*)\s*:?=\s*(-?[0-9][0-9_.]*|true|false|"(?:[^"\\]|\\.)*")\s*$`)

// valueSetAtCitedLine returns the constant the line cited right after a
// set-value claim (a file:line claim starting within a few bytes of at,
// in the same clause) assigns to target: "sets `del` to "+" at
// encode.go:221" of `del = " "`. known is false unless that line is such
// an assignment.
func (c *Checker) valueSetAtCitedLine(prose string, claims []Claim, at int, target string) ([]constant.Value, bool) {
	_, to := clauseAround(prose, at)
	for _, cl := range claims {
		if cl.Kind != KindFileLine || cl.start < at || cl.start > to || cl.start-at > 12 {
			continue
		}
		file, line := splitFileLine(cl.Text)
		for _, st := range c.statementsAt(file, line) {
			m := citedAssignRe.FindStringSubmatch(st.text)
			if m == nil || lastName(m[1]) != target {
				continue
			}
			if v := statedConstant(m[2]); v.Kind() != constant.Unknown {
				return []constant.Value{v}, true
			}
		}
	}
	return nil, false
}

// assignedName is the name an assignment's left side writes: "x" of "x",
// "s.x" or "a.b.x".
func assignedName(e ast.Expr) string { return astutil.LastName(e) }

// claimAt reports whether a claim of the prose starts at offset at: a
// name written without backticks that the prose names as code.
func claimAt(claims []Claim, at int) bool {
	for _, cl := range claims {
		if cl.start == at {
			return true
		}
	}
	return false
}
