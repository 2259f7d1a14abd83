package checker

import (
	"go/build"
	"regexp"
	"strings"
)

// negatedRe ends the prose before a name the sentence says the code does
// not use: "rather than `sort.Strings`", "instead of", "not", "without".
var negatedRe = regexp.MustCompile("(?i)\\b(?:rather\\s+than|instead\\s+of|not|never|without|unlike|no)\\s+(?:(?:a|an|the|calling|using|with)\\s+)*`?$")

// negatedStdName reports whether an unknown qualified name is a member
// of a standard-library package the module does not import, named where
// the sentence says the code does not use it ("sorts them by hand rather
// than with `sort.Strings`"): that the module has no such name is what
// the sentence says, not a fabrication.
func negatedStdName(prose string, cl Claim) bool {
	if cl.Kind != KindSelector && cl.Kind != KindCall || cl.start <= 0 || cl.start > len(prose) {
		return false
	}
	from, _ := clauseAround(prose, cl.start)
	if !negatedRe.MatchString(prose[from:cl.start]) {
		return false
	}
	head, _, ok := strings.Cut(normalizeSelector(cl.Text), ".")
	return ok && stdPackage(head)
}

// stdPackage reports whether the standard library has a package at the
// import path name ("sort", "strings"): its directory in GOROOT.
func stdPackage(name string) bool {
	if !identRe.MatchString(name) {
		return false
	}
	p, err := build.Default.Import(name, "", build.FindOnly)
	return err == nil && p.Goroot
}
