package checker

import (
	"fmt"
	"regexp"
	"strings"
)

// KindReceiver is a claim about a method's receiver written in prose:
// "`ServeHTTP` has a value receiver".
const KindReceiver = "receiver"

// receiverProseRe follows a method's name in prose that says what its
// receiver is: "has a pointer receiver", "is declared with a value
// receiver", "takes a value receiver", "an `Error` method on a value
// receiver", "`Is` methods are on pointer receivers", "the `Len` method
// of the `ring` type is declared on a value receiver" (of that type); a
// place in parentheses may come first ("`F` (f.go:12) is declared on …"),
// and the receiver may be quoted after it ("on the value receiver `(e
// T)`"), which gives its type.
var receiverProseRe = regexp.MustCompile(`(?i)^` + "`?" + `\s*(?:\([^()]{1,40}\)\s*)?(?:methods?\s+of\s+(?:the\s+)?` + "`(\\w+)`" + `(?:\s+type)?\s+)?(?:(?:methods?\s+)?(?:has|takes|uses|is declared with|is defined with|is a method with|with)\s+(?:an?|the)|(?:methods?\s+)?(?:(?:is|are)\s+)?(?:(?:declared|defined)\s+)?on(?:\s+an?|\s+the)?)\s+(value|pointer)\s+receivers?\b(?:\s+` + "`\\(\\w+\\s+\\*?(\\w+)\\)`" + `)?`)

// checkReceiverProse judges each method named in prose with the kind of
// receiver it is said to have: contradicted when every module method of
// that name (of that receiver type, when one is written) has the other
// kind.
func (c *Checker) checkReceiverProse(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature {
			continue
		}
		mm := receiverProseRe.FindStringSubmatch(prose[cl.end:])
		if mm == nil {
			continue
		}
		pointer := strings.EqualFold(mm[2], "pointer")
		recv := mm[1]
		if mm[3] != "" {
			recv = mm[3]
		}
		var methods, others []string
		for _, f := range c.subjectFuncs(cl.Text) {
			if f.Recv == "" || recv != "" && f.Recv != recv {
				continue
			}
			methods = append(methods, f.QualifiedName())
			if isPointerReceiver(f.Decl) == pointer {
				others = nil
				break
			}
			others = append(others, fmt.Sprintf("%s at %s:%d", f.QualifiedName(), f.File, f.StartLine))
		}
		if len(methods) == 0 || len(others) == 0 {
			continue
		}
		kind := map[bool]string{true: "value", false: "pointer"}[pointer]
		claim := Claim{Text: lastName(cl.Text) + " has a " + strings.ToLower(mm[2]) + " receiver", Kind: KindReceiver, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s has a %s receiver", strings.Join(others, ", "), kind)})
	}
	return results
}
