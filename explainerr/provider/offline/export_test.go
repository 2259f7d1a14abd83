package offline

import (
	"sort"

	"github.com/explainerr/explainerr/explainerr/report"
)

// What the tests ask of the analysis besides its text, in this package and
// in offline_test.

// Recognize returns the class of r's failure and the expression of the
// failing line that the explanation names as the culprit ("" when none).
func Recognize(r *report.Report) (Class, string) {
	a := newAnalysis(r)
	a.explain()
	return a.f.Class, a.culprit
}

// Unknown returns the identifiers that markdown names in code spans and
// code blocks and that the grounding does not allow, sorted and without
// duplicates. A qualified standard library name is reported as "pkg.Name".
func (g *Grounding) Unknown(markdown string) []string {
	seen := map[string]bool{}
	for _, code := range CodeSegments(markdown) {
		g.eachUnknown(code, func(name string) bool {
			seen[name] = true
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
