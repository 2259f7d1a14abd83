package page

import (
	"strings"
	"testing"
)

// FuzzRenderMarkdown checks that no input, however hostile, makes the
// explanation renderer emit a script, an event handler attribute or an
// unsafe URL. Seeds live in testdata/fuzz/FuzzRenderMarkdown.
func FuzzRenderMarkdown(f *testing.F) {
	f.Add("**bold** and `code` and [link](https://go.dev)")
	f.Add("<script>alert(1)</script>")
	f.Add("[x](javascript:alert(1))")
	f.Fuzz(func(t *testing.T, src string) {
		out := string(RenderMarkdown(src))
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Fatalf("output contains <script:\n%s", out)
		}
		if bad := unsafeMarkup(out, false); bad != "" {
			t.Fatalf("output contains %s:\n%s", bad, out)
		}
	})
}
