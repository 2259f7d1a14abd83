package explainerr_test

import (
	"html"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// checkFallback asserts that ex is the offline analysis standing in for a
// model call that failed or was not made, labelled with why: the label
// names the model and contains every string of why.
func checkFallback(t *testing.T, ex report.Explanation, why ...string) {
	t.Helper()
	if ex.Provider != "offline" || ex.Model != "" || strings.TrimSpace(ex.Text) == "" || ex.Error == "" {
		t.Errorf("explanation %+v, want the offline analysis with the model's error", ex)
	}
	if !strings.Contains(ex.Fallback, modelName) || !strings.HasSuffix(ex.Fallback, "this is the offline analysis.") {
		t.Errorf("fallback label %q does not name the model and the offline analysis", ex.Fallback)
	}
	for _, w := range why {
		if !strings.Contains(ex.Fallback, w) {
			t.Errorf("fallback label %q lacks %q", ex.Fallback, w)
		}
	}
}

// fallbackOnPage returns the fallback label in a page's explanation block,
// unescaped, or "" when there is none; it fails the test when the block
// also shows the model's error box or the hint to configure a model.
func fallbackOnPage(t *testing.T, final string) string {
	t.Helper()
	label := reporttest.Between(final, `<div class="ex-fallback" role="status">`, "</div>")
	if label == "" {
		return ""
	}
	if strings.Contains(final, `class="ex-error"`) || strings.Contains(final, "No model is configured") {
		t.Errorf("the fallback block also shows the error box or the setup hint:\n%s", final)
	}
	if !strings.Contains(final, `<div class="md">`) {
		t.Errorf("the fallback block shows no analysis:\n%s", final)
	}
	return html.UnescapeString(label)
}
