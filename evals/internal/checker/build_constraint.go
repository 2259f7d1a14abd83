package checker

import (
	"regexp"
	"sort"
	"strings"
)

// KindBuild is a build constraint the prose quotes after "built under",
// "build tag" or "+build": `appengine go1.5`, `!appengine,!go1.5`.
const KindBuild = "build_constraint"

// buildLeadRe ends prose that introduces a build constraint.
var buildLeadRe = regexp.MustCompile(`(?i)(?:\bbuilt\s+(?:only\s+)?(?:under|with|for)|\bbuild\s+(?:tags?|constraints?|lines?)|[+:]build)\s*(?:of\s+|is\s+|reads\s+)?$`)

// buildExprRe is the text of a build constraint in either syntax.
var buildExprRe = regexp.MustCompile(`^[!(]*[A-Za-z_][\w.]*\)*(?:\s*(?:&&|\|\||,|\s)\s*[!(]*[A-Za-z_][\w.]*\)*)*$`)

// buildSpan returns the build-constraint claim of a span the prose before
// it introduces as one.
func buildSpan(before, span string) (Claim, bool) {
	if !buildLeadRe.MatchString(before) || !buildExprRe.MatchString(span) || dottedNonRelease(span) {
		return Claim{}, false
	}
	return Claim{Text: span, Kind: KindBuild}, true
}

// releaseTagRe is a release tag, the only build tag with a dot ("go1.21").
var releaseTagRe = regexp.MustCompile(`^!?go1\.\d+$`)

// dottedNonRelease reports whether a term of span has a dot but is no
// release tag: "built with `fmt.Sprintf`" names a function, not a tag.
func dottedNonRelease(span string) bool {
	for _, term := range strings.Fields(buildTerms(span)) {
		if strings.Contains(term, ".") && !releaseTagRe.MatchString(term) {
			return true
		}
	}
	return false
}

// checkBuild looks a quoted build constraint up in the module's
// `//go:build` and `// +build` lines, with its terms in any spacing.
func (c *Checker) checkBuild(text string) (string, string) {
	want := buildTerms(text)
	var seen []string
	for _, file := range sortedFiles(c.m) {
		for _, l := range c.m.Files[file] {
			l = strings.TrimSpace(l)
			expr, ok := strings.CutPrefix(l, "//go:build ")
			if !ok {
				expr, ok = strings.CutPrefix(l, "// +build ")
			}
			if !ok {
				continue
			}
			if buildTerms(expr) == want {
				return Verified, "the build line of " + file + " reads " + expr
			}
			seen = append(seen, file+": "+expr)
		}
	}
	if len(seen) == 0 {
		return Contradicted, "no file of the module has a build constraint"
	}
	sort.Strings(seen)
	return Contradicted, "the module's build lines are " + strings.Join(seen, "; ")
}

// buildTerms normalizes a constraint to its sorted terms with their
// negations: a quoted constraint is judged by the tags it names, not by
// how it joins them.
func buildTerms(expr string) string {
	f := strings.FieldsFunc(expr, func(r rune) bool { return r == ' ' || r == ',' || r == '&' || r == '|' || r == '(' || r == ')' })
	sort.Strings(f)
	return strings.Join(f, " ")
}
