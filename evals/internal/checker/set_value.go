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

// KindSetValue is a claim about the number a function sets a field or
// variable to: "`NewPool` sets `size` to 8 by default".
const KindSetValue = "set_value"

var (
	// setsVerbRe is the verb of those claims.
	setsVerbRe = regexp.MustCompile(`(?i)\b(?:sets|initializes|initialises|defaults)\b`)
	// leavesVerbRe and leftAsRe read the value a function leaves a field
	// at: "`New` leaves `Strict` false".
	leavesVerbRe = regexp.MustCompile(`(?i)\b(?:leaves|keeps)\b`)
	// withSetVerbRe and withSetRe read the value a function returns a
	// field with: "`NewStatic` returns a `*Static` with `IndexFile` set to
	// `"index.html"`".
	withSetVerbRe = regexp.MustCompile(`(?i)\b(?:returns|builds|creates|makes)\b`)
	withSetRe     = regexp.MustCompile("(?i)^[^.;`]*(?:`[^`]*`[^.;`]*)?\\bwith\\b[^.;]*?`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+set\\s+to\\s+`?(-?(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\\.[0-9]+)?)|true|false|\"(?:[^\"\\\\`]|\\\\.)*\")`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for)\\b)")
	leftAsRe      = regexp.MustCompile("(?i)^\\s+(?:the\\s+)?(?:field\\s+)?`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+(?:(?:as|at|set\\s+to)\\s+)?`?(true|false|-?[0-9]+)`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for)\\b)")
	// setToRe follows the verb: the name set, then the number. A number
	// followed by a unit ("to 30 seconds") or by more of an expression
	// ("to 86400 * 30") states something else, and is not read.
	setToRe = regexp.MustCompile("(?i)^\\s+(?:the\\s+)?(?:field\\s+)?`([A-Za-z_][\\w.]*)`(?:\\s+field)?\\s+to\\s+`?(-?(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\\.[0-9]+)?)|true|false|\"(?:[^\"\\\\`]|\\\\.)*\")`?(?:\\s*(?:[,.;:)]|$)|\\s+(?:and|so|but|which|while|when|because|by|as|in|if|unless|before|after|on|for)\\b)")
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
		target := lastName(prose[s.after+mm[2] : s.after+mm[3]])
		stated := prose[s.after+mm[4] : s.after+mm[5]]
		want := statedConstant(stated)
		if want.Kind() == constant.Unknown {
			continue
		}
		have, known := c.valuesSet(c.reach(s.funcs), target)
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
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches set %s to %s only", name, target, strings.Join(texts, ", "))})
	}
	return results
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
			b, basic := tv.Type.(*types.Basic)
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

// assignedName is the name an assignment's left side writes: "x" of "x",
// "s.x" or "a.b.x".
func assignedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}
