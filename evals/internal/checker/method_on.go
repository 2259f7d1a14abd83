package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// KindMethodOn is a claim about the type a method is declared on:
// "`requestToken` is a method on `*csrf`".
const KindMethodOn = "method_on"

// methodOnRe follows a function's name in prose that says which type's
// method it is: "is a method on `*T`", "is a method of `T`", "is
// declared on `*T`", "is `T`'s method"; a place in parentheses may
// come first ("`F` (f.go:12) is a method on …").
var methodOnRe = regexp.MustCompile("^`?\\s*(?:\\([^()]{1,40}\\)\\s*)?(?:is|is declared as)\\s+(?:an?\\s+(?:\\w+\\s+)?method\\s+(?:on|of)\\s+(?:the\\s+)?|declared\\s+on\\s+(?:the\\s+)?)`\\*?(\\w+)`")

// checkMethodOn judges a function said to be a method of a type: when
// the module declares a function or method of that name, none of them a
// method of that type, while the type is one of the module's, the claim
// is contradicted.
func (c *Checker) checkMethodOn(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier {
			continue
		}
		mm := methodOnRe.FindStringSubmatch(prose[cl.end:])
		if mm == nil || len(c.m.TypeNamed(mm[1])) == 0 {
			continue
		}
		var have []string
		for _, f := range c.m.FuncsNamed(cl.Text) {
			if f.Recv == mm[1] {
				have = nil
				break
			}
			have = append(have, fmt.Sprintf("%s at %s:%d", f.QualifiedName(), f.File, f.StartLine))
		}
		if len(have) == 0 {
			continue
		}
		claim := Claim{Text: cl.Text + " is a method of " + mm[1], Kind: KindMethodOn, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: "the module declares " + strings.Join(have, ", ")})
	}
	return results
}
