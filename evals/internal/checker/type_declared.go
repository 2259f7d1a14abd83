package checker

import (
	"fmt"
	"go/types"
	"regexp"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindTypeDeclared is the type a sentence says a type of the module is
// declared as: "`clockTimers`, which is declared as `[]clockTimer`".
const KindTypeDeclared = "type_declared"

// typeDeclaredAsRe names a type and what it is declared as: "`T`, which
// is declared as `[]U`", "`T` is defined as a `map[K]V`".
var typeDeclaredAsRe = regexp.MustCompile("`([A-Za-z_]\\w*)`,?\\s+(?:which\\s+is\\s+|is\\s+)?(?:declared|defined)\\s+as\\s+(?:an?\\s+)?`([^`]+)`")

// checkTypeDeclared judges what a sentence says a type of the module is
// declared as: when every type of that name has another underlying type
// (a slice said to be a map), the claim is contradicted. A name that is
// no type of the module, or a claimed type that names none, is not read.
func (c *Checker) checkTypeDeclared(prose string, _ []Claim, results []Result) []Result {
	for _, m := range typeDeclaredAsRe.FindAllStringSubmatchIndex(prose, -1) {
		name, claimed := prose[m[2]:m[3]], prose[m[4]:m[5]]
		tns := c.m.TypeNamed(name)
		if len(tns) == 0 || !c.namesType(claimed) {
			continue
		}
		var have string
		same := false
		for _, tn := range tns {
			under := types.TypeString(tn.Type().Underlying(), source.Qualifier)
			same = same || sameTypeText(normalType(under), normalType(claimed))
			have = under
		}
		if same {
			continue
		}
		cl := Claim{Text: name + " is " + claimed, Kind: KindTypeDeclared, start: m[0], end: m[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared as %s", name, have)})
	}
	return results
}
