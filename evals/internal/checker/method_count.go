package checker

import (
	"fmt"
	"go/ast"
	"regexp"
	"strconv"
	"strings"
)

// KindMethodCount is the number of methods a sentence says a type has:
// "The Chain type has three methods", "the `Renderer` interface declares
// a single method".
const KindMethodCount = "method_count"

// methodCountRe follows a type's name with the number of its methods.
var methodCountRe = regexp.MustCompile("(?i)^`?\\s*(?:type|struct|interface)?\\s*(?:has|declares|defines|exposes)\\s+(?:exactly\\s+|only\\s+)?(a\\s+single|one|two|three|four|five|six|seven|eight|nine|ten|\\d+)\\s+methods?\\b")

// countWords are the numbers said in words.
var countWords = map[string]int{"a single": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// checkMethodCounts judges the number of methods a sentence says a module
// type has: an interface's own methods (one that embeds another is not
// counted), a struct's or other named type's methods of either receiver
// kind. Contradicted when every module type of that name has another
// number.
func (c *Checker) checkMethodCounts(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier {
			continue
		}
		m := methodCountRe.FindStringSubmatch(prose[cl.end:])
		if m == nil {
			continue
		}
		said, ok := countWords[strings.ToLower(strings.Join(strings.Fields(m[1]), " "))]
		if !ok {
			said, _ = strconv.Atoi(m[1])
		}
		specs := c.typeSpecs(cl.Text)
		if said == 0 || len(specs) == 0 {
			continue
		}
		var have []int
		for _, ts := range specs {
			n, ok := c.methodCount(ts)
			if !ok || n == said {
				have = nil
				break
			}
			have = append(have, n)
		}
		if len(have) == 0 {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s has %d methods", cl.Text, said), Kind: KindMethodCount, start: cl.start, end: cl.end + len(m[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s has %d", cl.Text, have[0])})
	}
	return results
}

// methodCount returns the number of methods of a module type: an
// interface's listed methods (ok is false when it embeds another), else
// the module's methods declared on it.
func (c *Checker) methodCount(ts *ast.TypeSpec) (int, bool) {
	if it, ok := ts.Type.(*ast.InterfaceType); ok {
		n := 0
		for _, f := range it.Methods.List {
			if len(f.Names) == 0 {
				return 0, false
			}
			n += len(f.Names)
		}
		return n, true
	}
	n := 0
	for _, f := range c.m.Funcs {
		if f.Recv == ts.Name.Name {
			n++
		}
	}
	return n, true
}
