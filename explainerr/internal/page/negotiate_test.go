package page

import (
	"net/http/httptest"
	"testing"
)

// TestNegotiate: a browser gets HTML, a client that asks for JSON gets
// JSON, anything else Markdown.
func TestNegotiate(t *testing.T) {
	for accept, want := range map[string]string{
		"text/html,application/xhtml+xml;q=0.9": FormatHTML,
		"Application/JSON":                      FormatJSON,
		"*/*":                                   FormatMarkdown,
		"":                                      FormatMarkdown,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept", accept)
		if got := Negotiate(r); got != want {
			t.Errorf("Accept %q: %s, want %s", accept, got, want)
		}
	}
}
