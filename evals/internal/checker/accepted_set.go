package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindAcceptedSet is a claim about the values a function accepts for one
// expression, listed: "accepts `PUT`, `PATCH` or `DELETE` as the
// overriding method".
const KindAcceptedSet = "accepted_set"

var (
	// acceptsRe is the verb of a list of accepted values, after the
	// function's name.
	acceptsRe = regexp.MustCompile(`(?i)\b(?:accepts|allows|permits|supports|recognises|recognizes|honou?rs|only\s+takes)\b`)
	// acceptedListRe is the list itself: two quoted values or more,
	// joined by commas, "and" or "or".
	acceptedListRe = regexp.MustCompile("^\\s+(?:(?:the|only|any\\s+of|one\\s+of)\\s+)*(?:[a-z-]+\\s+){0,2}((?:`[^`]+`\\s*(?:,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)){1,}`[^`]+`)")
)

// checkAcceptedSets judges "`F` accepts `A`, `B` or `C`": when F's code
// (function literals included) compares one expression with a set of
// string literals (`om == "PUT" || om == "PATCH"`, or the cases of a
// switch on it), and exactly one such set holds two of the values
// listed or more, a listed value outside it contradicts the sentence.
func (c *Checker) checkAcceptedSets(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := clauseAround(prose, cl.start)
		if cl.end > to || !subjectLeadRe.MatchString(maskSpans(prose[from:cl.start])) {
			continue
		}
		_, sentEnd := sentenceAround(prose, cl.start)
		verb := acceptsRe.FindStringIndex(prose[cl.end:sentEnd])
		if verb == nil {
			continue
		}
		at := cl.end + verb[1]
		m := acceptedListRe.FindStringSubmatch(prose[at:sentEnd])
		if m == nil || modalRe.MatchString(outsideCode(prose[from:sentEnd])) {
			continue
		}
		var listed []string
		for _, sp := range spanTexts(m[1]) {
			if v, err := strconv.Unquote(sp); err == nil {
				sp = v
			}
			listed = append(listed, sp)
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			continue
		}
		expr, set, ok := c.oneComparedSet(funcs[0], listed)
		if !ok {
			continue
		}
		for _, v := range listed {
			if set[v] {
				continue
			}
			var have []string
			for s := range set {
				have = append(have, strconv.Quote(s))
			}
			sort.Strings(have)
			name := lastName(cl.Text)
			claim := Claim{Text: fmt.Sprintf("%s accepts %q", name, v), Kind: KindAcceptedSet, start: cl.start, end: at + len(m[0])}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s compares %s with %s only", name, expr, strings.Join(have, ", "))})
			break
		}
	}
	return results
}

// oneComparedSet returns the one expression f's code compares with a
// set of string literals holding two of listed or more, and that set.
func (c *Checker) oneComparedSet(f *source.Func, listed []string) (string, map[string]bool, bool) {
	sets := map[string]map[string]bool{}
	add := func(e ast.Expr, lit ast.Expr) {
		bl, ok := lit.(*ast.BasicLit)
		if !ok || bl.Kind != token.STRING {
			return
		}
		v, err := strconv.Unquote(bl.Value)
		text := c.nodeText(e)
		if err != nil || text == "" {
			return
		}
		if sets[text] == nil {
			sets[text] = map[string]bool{}
		}
		sets[text][v] = true
	}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL {
				add(n.X, n.Y)
				add(n.Y, n.X)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				return true
			}
			for _, st := range n.Body.List {
				for _, e := range st.(*ast.CaseClause).List {
					add(n.Tag, e)
				}
			}
		}
		return true
	})
	var found string
	for expr, set := range sets {
		held := 0
		for _, v := range listed {
			if set[v] {
				held++
			}
		}
		if held < 2 {
			continue
		}
		if found != "" {
			return "", nil, false
		}
		found = expr
	}
	return found, sets[found], found != ""
}
