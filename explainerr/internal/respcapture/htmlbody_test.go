package respcapture

import (
	"net/http"
	"testing"
)

// TestHTMLPageText: an HTML error page becomes the text a reader sees
// (its <main> alone when it marks one, without the site's navigation,
// header, footer or drawings); a body that is not a page is not one.
func TestHTMLPageText(t *testing.T) {
	page := `<!DOCTYPE html><html><head><title>Oops</title><style>p{}</style><SCRIPT>x="<p>"</script></head>` +
		`<body><!-- hidden --><h1>Error</h1><p>a &lt; b &amp; c</p>1 < 2</body></html>`
	for _, tc := range []struct {
		name, contentType, body, want string
		isPage                        bool
	}{
		{"sniffed", "", page, "Oops Error a < b & c 1 < 2", true},
		{"content type", "text/html; charset=utf-8", "<p>db down</p>", "db down", true},
		{"plain text", "text/plain", page, "", false},
		{"no type, no page", "", "<b>db down</b>", "", false},
		{"main content", "text/html", `<html><head><title>Pastes</title></head><body><header><a href="/">Pastes</a><svg><title>logo</title></svg></header>` +
			`<main id="x"><h1>500 Internal Server Error</h1><p>sql: transaction has already been committed</p></main><footer>Donate</footer></body></html>`,
			"500 Internal Server Error sql: transaction has already been committed", true},
		{"site chrome without main", "text/html", `<body><nav>Home About</nav><h1>Error</h1><p>db down</p><footer>(c) us</footer></body>`, "Error db down", true},
	} {
		h := http.Header{}
		if tc.contentType != "" {
			h.Set("Content-Type", tc.contentType)
		}
		got, ok := htmlPageText(tc.body, h)
		if got != tc.want || ok != tc.isPage {
			t.Errorf("%s: got %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.isPage)
		}
	}
}
