package offline

import (
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
