package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

// KindLocalDefault is a claim about the value a function starts a local
// variable at, said in words as its default: "keeps its defaults: a
// precision of 3".
const KindLocalDefault = "local_default"

var (
	// defaultWordRe marks a sentence that speaks of defaults.
	defaultWordRe = regexp.MustCompile(`(?i)\bdefaults?\b`)
	// wordOfNumberRe is a name said in words with its number: "a
	// precision of 3", "the width of 12".
	wordOfNumberRe = regexp.MustCompile(`(?i)\b(?:a|an|the|its)\s+([a-z]\w*)\s+of\s+(-?\d+)\b`)
)

// checkLocalDefaults judges the numbers a sentence about a function's
// defaults gives its local variables in words ("With an empty format,
// `Render` keeps its defaults: a width of 3"): when the function's body
// starts a variable of that name at an integer literal, in a statement
// of its own block, and at no other, the number must be that literal.
func (c *Checker) checkLocalDefaults(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || !defaultWordRe.MatchString(outsideCode(prose[cl.end:to])) {
			continue
		}
		for _, m := range wordOfNumberRe.FindAllStringSubmatchIndex(outsideCode(prose[cl.end:to]), -1) {
			name, said := prose[cl.end+m[2]:cl.end+m[3]], prose[cl.end+m[4]:cl.end+m[5]]
			have := topLevelInts(f.Decl.Body, name)
			if len(have) != 1 || have[0] == said {
				continue
			}
			claim := Claim{Text: fmt.Sprintf("%s of %s", name, said), Kind: KindLocalDefault, start: cl.end + m[0], end: cl.end + m[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s starts %s at %s", lastName(cl.Text), name, have[0])})
		}
	}
	return results
}

// topLevelInts returns the integer literals the statements of body's own
// block declare the variable name with ("name := 2", "var name = 2").
func topLevelInts(body *ast.BlockStmt, name string) []string {
	var out []string
	intLit := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
			out = append(out, lit.Value)
		}
	}
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE || len(st.Lhs) != len(st.Rhs) {
				continue
			}
			for i, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
					intLit(st.Rhs[i])
				}
			}
		case *ast.DeclStmt:
			gd, ok := st.Decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				vs, ok := sp.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, id := range vs.Names {
					if strings.EqualFold(id.Name, name) {
						intLit(vs.Values[i])
					}
				}
			}
		}
	}
	return out
}
