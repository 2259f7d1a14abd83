package explainerr_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
)

// The secrets of the next test: an upstream's reply the handler logs
// through slog, and a password in the XML body it was sent.
const (
	upstreamToken    = "upTok-55aa66bb77"
	upstreamPassword = "upPw-99cc88dd77"
	xmlPassword      = "xmlPw-11ee22ff33"
	xmlAPIKey        = "xmlKey-44gg55hh66"
)

// soapLogin fails after logging, as apps do, the JSON an upstream replied:
// slog's handler writes it quoted, its quotes escaped.
func soapLogin(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	reply := `{"access_token":"` + upstreamToken + `","password":"` + upstreamPassword + `","user":"alice"}`
	slog.Info("upstream said", "resp", reply, "read", len(body))
	var sessions map[string]string
	sessions["alice"] = "x" // assignment to entry in nil map
}

// TestLoggedAndXMLSecretsAreHiddenEverywhere: JSON logged as a quoted
// string and an XML body's password and API key are hidden in every
// format of the report, in its prompt and in the history written to disk;
// their plain fields are kept.
func TestLoggedAndXMLSecretsAreHiddenEverywhere(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	state := t.TempDir()
	ex := newExplainer(t, explainerr.WithStateDir(state))
	h := ex.Middleware(http.HandlerFunc(soapLogin))

	xml := `<?xml version="1.0"?><Login><User>alice</User><Password>` + xmlPassword + `</Password><ns:ApiKey xmlns:ns="urn:x">` + xmlAPIKey + `</ns:ApiKey></Login>`
	pages := failureInEveryFormat(t, h, func() *http.Request {
		req := httptest.NewRequest("POST", "/soap/login", strings.NewReader(xml))
		req.Header.Set("Content-Type", "application/xml")
		return req
	})
	// The secrets would be next to these: the logged line and the body
	// are in the report (as JSON encodes them).
	for _, want := range []string{"upstream said", `\\\"user\\\":\\\"alice\\\"`, `\u003cUser\u003ealice\u003c/User\u003e`} {
		if !strings.Contains(pages[1], want) {
			t.Fatalf("the JSON report lacks %q: the test proves nothing\n%s", want, pages[1])
		}
	}
	pages = append(pages, stateFiles(t, state)...)
	if len(pages) <= 3 {
		t.Fatal("no history was written: the test proves nothing")
	}
	expectHidden(t, pages, upstreamToken, upstreamPassword, xmlPassword, xmlAPIKey)
}
