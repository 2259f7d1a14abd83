package checker

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
)

// KindFlag is a claim about a command-line flag the module defines: "from
// the `-e` flag".
const KindFlag = "flag"

var (
	// saidFlagRe is a flag named in prose: "the `-e` flag", "flag `-f`".
	saidFlagRe = regexp.MustCompile("(?:`-{1,2}([A-Za-z][\\w-]*)`\\s+(?:flag|option)\\b|\\b(?:flag|option)\\s+`-{1,2}([A-Za-z][\\w-]*)`)")
	// definedFlagRe is the flag package's definition of a flag, by name:
	// flag.String("f", …), fs.StringVar(&v, "f", …), flag.Var(&v, "f", …).
	definedFlagRe = regexp.MustCompile(`\.(?:Bool|Int|Int64|Uint|Uint64|String|Float64|Duration|Func|TextVar|Var)(?:Var)?\((?:&?[\w.\[\]]+,\s*)?("[^"]+")`)
)

// checkFlags judges a flag said to exist: when the module defines flags
// with the flag package and none of that name, the claim is contradicted.
func (c *Checker) checkFlags(prose string, results []Result) []Result {
	var defined map[string]bool
	for _, m := range saidFlagRe.FindAllStringSubmatchIndex(prose, -1) {
		name := ""
		if m[2] >= 0 {
			name = prose[m[2]:m[3]]
		} else {
			name = prose[m[4]:m[5]]
		}
		if defined == nil {
			defined = c.definedFlags()
		}
		if len(defined) == 0 || defined[name] {
			continue
		}
		var names []string
		for n := range defined {
			names = append(names, "-"+n)
		}
		sort.Strings(names)
		cl := Claim{Text: "-" + name, Kind: KindFlag, start: m[0], end: m[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("the module defines no flag -%s (its flags: %v)", name, names)})
	}
	return results
}

// definedFlags returns the names of the flags the module's code defines.
func (c *Checker) definedFlags() map[string]bool {
	out := map[string]bool{}
	for _, file := range sortedFiles(c.m) {
		for _, l := range c.views().code[file] {
			for _, m := range definedFlagRe.FindAllStringSubmatch(l, -1) {
				if v, err := strconv.Unquote(m[1]); err == nil {
					out[v] = true
				}
			}
		}
	}
	return out
}
