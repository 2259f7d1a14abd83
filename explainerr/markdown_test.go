package explainerr_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestMarkdownReportPutsTheExplanationFirst asks for a failure's report as
// curl does (no Accept header) and checks that, as on the page, the
// explanation comes right under the title and the facts, before the error
// and the trace.
func TestMarkdownReportPutsTheExplanationFirst(t *testing.T) {
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		explodingLookup(map[string]*int{}, "missing")
	}))
	rec := get(h, "GET", "/things/1", "")
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/markdown") {
		t.Fatalf("Content-Type %q, want the Markdown report", ct)
	}
	md := rec.Body.String()
	lines := strings.SplitN(md, "\n", 7)
	if len(lines) < 7 || lines[0] != "# `runtime error: invalid memory address or nil pointer dereference`" ||
		!strings.HasPrefix(lines[2], "**panic** · ") || lines[4] != "## Explanation" ||
		!strings.HasPrefix(lines[6], "_Offline analysis (no model configured)_") {
		t.Fatalf("the report does not open with its title, facts and explanation:\n%s", md)
	}
	explanation, errorSection, trace := strings.Index(md, "\n## Explanation\n"), strings.Index(md, "\n## Error\n"), strings.Index(md, "\n## Stack trace")
	if !(explanation < errorSection && errorSection < trace) {
		t.Errorf("sections at %d (explanation), %d (error), %d (trace), want them in that order:\n%s", explanation, errorSection, trace, md)
	}
}
