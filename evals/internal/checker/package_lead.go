package checker

import (
	"regexp"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// leadPackageRe ends a subject's lead with a word that may name the
// subject's package: "The expirable `LRU.Peek`".
var leadPackageRe = regexp.MustCompile(`(?i)\b([a-z][a-z0-9]*)\s+$`)

// leadPackage splits off the end of a subject's lead a word that is the
// name of one of the module's packages ("the expirable" of "The expirable
// `LRU.Peek`"): the lead without it, and the functions of funcs declared
// in that package. ok is false when the lead ends with no such word.
func (c *Checker) leadPackage(lead string, funcs []*source.Func) (rest string, in []*source.Func, ok bool) {
	m := leadPackageRe.FindStringSubmatchIndex(lead)
	if m == nil {
		return lead, funcs, false
	}
	name := lead[m[2]:m[3]]
	for _, p := range c.m.Pkgs {
		if p.Name != name {
			continue
		}
		for _, f := range funcs {
			if f.Pkg == p {
				in = append(in, f)
			}
		}
		ok = true
	}
	if !ok {
		return lead, funcs, false
	}
	return lead[:m[0]], in, true
}
