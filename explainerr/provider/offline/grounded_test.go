package offline

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/report"
)

func TestEveryExplanationIsGrounded(t *testing.T) {
	// Strip the context and the request from every case: the explanation
	// must still name only what is left.
	for _, tc := range append(classCases(), libraryCases()...) {
		r := tc.report(t)
		r.Context, r.Request = nil, report.Request{}
		text := Analyze(r)
		if unknown := slices.Collect(grounding.New(r).Unknown(text)); len(unknown) > 0 {
			t.Errorf("%s: without context and request, names %v:\n%s", tc.name, unknown, text)
		}
	}
}
