package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
)

// KindPredicateBranch is a claim that a function gives a string when a
// quoted predicate holds: "appends "es" when the letter is a vowel
// according to `isVowel`".
const KindPredicateBranch = "predicate_branch"

var (
	// givesStringRe is a string the sentence says the function appends,
	// returns or adds.
	givesStringRe = regexp.MustCompile(`(?i)\b(?:appends|returns|adds|writes|uses)\s+"([^"\n]+)"`)
	// predicateCondRe is a condition that closes on a quoted predicate:
	// "when the byte before it is a vowel according to `isVowel`".
	predicateCondRe = regexp.MustCompile("(?i)\\b(?:when|if|whenever)\\b([^,;`]*)`([A-Za-z_]\\w*)`")
	// negativeWordRe is a word that turns a condition round.
	negativeWordRe = regexp.MustCompile(`(?i)\b(?:not|no|never|non|neither|nor|without|unless|isn't|aren't|doesn't|lacks)\b|n't\b`)
)

// checkPredicateBranches judges "`F` appends "S" … when … `P`", P a map
// or function of the module the sentence says holds, in words without a
// negation: when every if statement of F whose body writes the string S
// and whose condition reads P reads it only under a ! (`!P[b]`), S is
// given when P does not hold, and the claim is contradicted.
func (c *Checker) checkPredicateBranches(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		gives := givesStringRe.FindStringSubmatchIndex(prose[cl.end:to])
		if gives == nil {
			continue
		}
		said := prose[cl.end+gives[2] : cl.end+gives[3]]
		rest := cl.end + gives[1]
		cond := predicateCondRe.FindStringSubmatchIndex(prose[rest:to])
		if cond == nil || negativeWordRe.MatchString(prose[rest+cond[0]:rest+cond[3]]) {
			continue
		}
		pred := prose[rest+cond[4] : rest+cond[5]]
		if negated, judged := predicateNegated(f.Decl.Body, pred, said); judged && negated {
			claim := Claim{Text: fmt.Sprintf("%q when %s holds", said, pred), Kind: KindPredicateBranch, start: cl.end + gives[0], end: rest + cond[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s gives %q only when !%s holds", lastName(cl.Text), said, pred)})
		}
	}
	return results
}

// predicateNegated reports, for the if statements of body whose bodies
// hold the string literal s and whose conditions read pred, whether each
// reads it only under a !; judged is false when there are none.
func predicateNegated(body *ast.BlockStmt, pred, s string) (negated, judged bool) {
	negated = true
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || !holdsString(ifs.Body, s) {
			return true
		}
		plain, under := predicateReads(ifs.Cond, pred)
		if plain+under == 0 {
			return true
		}
		judged = true
		negated = negated && plain == 0
		return true
	})
	return negated, judged
}

// predicateReads counts where cond reads pred (indexed or called):
// plainly, and right under a !.
func predicateReads(cond ast.Expr, pred string) (plain, under int) {
	isPred := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.IndexExpr:
			id, ok := e.X.(*ast.Ident)
			return ok && id.Name == pred
		case *ast.CallExpr:
			id, ok := e.Fun.(*ast.Ident)
			return ok && id.Name == pred
		}
		return false
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT && isPred(u.X) {
			under++
			return false
		}
		if e, ok := n.(ast.Expr); ok && isPred(e) {
			plain++
			return false
		}
		return true
	})
	return plain, under
}

// holdsString reports whether n writes the string literal s.
func holdsString(n ast.Node, s string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if lit, ok := m.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if v, err := strconv.Unquote(lit.Value); err == nil && v == s {
				found = true
			}
		}
		return !found
	})
	return found
}
