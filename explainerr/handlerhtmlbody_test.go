package explainerr_test

import (
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/explainerr/explainerr/internal/reporttest"
)

// appErrorPage is an error page as apps render them: markup, a style, a
// script and character references around a short text.
const appErrorPage = `<!DOCTYPE html>
<html lang="en">
<head><title>Error &middot; Dials</title>
<style>body { color: red } /* not text */</style>
<script>window.analytics = "not text either";</script>
</head>
<body>
<!-- an HTML comment -->
<h1>An error has occurred.</h1>
<p>update dial 1: no such column: <code>updated_on</code> &amp; more</p>
</body>
</html>`

// TestHTMLErrorPageBecomesItsText: a 5xx whose body is the app's own HTML
// error page is reported with the page's text as its message, so that the
// headline and the history say what went wrong instead of
// "<!DOCTYPE html>". Content-Type decides; without one, how the body
// starts does. A plain-text body is kept as it is.
func TestHTMLErrorPageBecomesItsText(t *testing.T) {
	want := "Error · Dials An error has occurred. update dial 1: no such column: updated_on & more"
	for _, tc := range []struct {
		name, contentType, body, want string
	}{
		{"content type", "text/html; charset=utf-8", appErrorPage, want},
		{"sniffed", "", appErrorPage, want},
		{"plain text with markup", "text/plain; charset=utf-8", "<b>not a page</b>", "<b>not a page</b>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.contentType != "" {
					w.Header().Set("Content-Type", tc.contentType)
				}
				w.WriteHeader(http.StatusInternalServerError)
				w.Write([]byte(tc.body))
			}))
			rep := decodeReport(t, get(h, "GET", "/dials/1", "application/json"))
			if got := strings.TrimSpace(rep.Error.Message); got != tc.want {
				t.Errorf("message %q, want %q", got, tc.want)
			}
			md := get(h, "GET", "/dials/1", "text/markdown").Body.String()
			if strings.Contains(md, "DOCTYPE") || strings.Contains(md, "analytics") {
				t.Errorf("the Markdown report shows the page's markup:\n%s", md)
			}
		})
	}
}

// FuzzHTMLErrorPage: whatever page an app renders, the middleware reports
// it without panicking, in valid UTF-8, and a script element before it
// never reaches the message.
func FuzzHTMLErrorPage(f *testing.F) {
	f.Add(appErrorPage)
	f.Add("<!doctype html><script>x")
	f.Add("<html><SCRİPT>İİİ</script>ok")
	f.Add("<html><!-- unclosed")
	ex := reporttest.Explainer(f)
	f.Fuzz(func(t *testing.T, page string) {
		h := ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusInternalServerError)
			w.Write([]byte("<html><script>planted()</script>" + page))
		}))
		rep := decodeReport(t, get(h, "GET", "/", "application/json"))
		if strings.Contains(rep.Error.Message, "planted()") || !utf8.ValidString(rep.Error.Message) {
			t.Errorf("script content in the message %q", rep.Error.Message)
		}
	})
}
