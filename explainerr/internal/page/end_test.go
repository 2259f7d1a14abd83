package page

import (
	"html/template"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// endTemplate is the end of the page as html/template markup, the
// specification writeEnd follows.
var endTemplate = template.Must(template.New("page").ParseFiles("testdata/end.tmpl"))

// endVariants are explanations that between them take every branch of the
// end of the page, with hostile strings in every field.
func endVariants() map[string]report.Explanation {
	const hostile = "<script>alert('x')</script> & \"quoted\" +1 \x00"
	return map[string]report.Explanation{
		"offline":  {Provider: "offline", Text: "## What went wrong\n\n`m[k]++` on a **nil map**.\n"},
		"model":    {Provider: "openai", Model: hostile, Text: "ok <b>raw</b>", Cached: true, Throttled: true, Truncated: true, Usage: &report.Usage{PromptTokens: 10, CompletionTokens: 5}, CostUSD: 0.0012, DurationMS: 1500},
		"provider": {Provider: hostile, Text: "\nstarts with a newline"},
		"fallback": {Provider: "offline", Fallback: hostile, Error: "model timed out", Text: "analysis"},
		"error":    {Provider: "openai", Model: "m", Error: hostile},
		"empty":    {},
		"spaces":   {Provider: "openai", Text: "   \n"},
	}
}

func TestEndWritesWhatTheTemplateWrites(t *testing.T) {
	for name, ex := range endVariants() {
		t.Run(name, func(t *testing.T) {
			var want, got strings.Builder
			v := newEndView(ex)
			if err := endTemplate.ExecuteTemplate(&want, "end", struct {
				endView
				HTML template.HTML
			}{v, template.HTML(v.HTML)}); err != nil {
				t.Fatal(err)
			}
			if err := endExplanation(&got, ex); err != nil {
				t.Fatal(err)
			}
			sameBytes(t, "End", got.String(), want.String())
		})
	}
}
