package explainerr_test

import (
	"encoding/json"
	"html"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The cookies a developer's browser sends in the next test: secret values
// under a session name, under a session-like name, and under harmless
// names that hold a token, beside harmless ones.
const (
	cookieSession = "Qm29xLr7Tw8Kp3"
	cookieSid     = "opaquesidvalue"
	cookieJWT     = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlMTIzNDU2"
	cookieVisitor = "a3f9c2e1b7d44e0c9f22"
	sentCookies   = "theme=dark; lang=en; tz=Europe/Paris; sessionid=" + cookieSession +
		"; connect.sid=" + cookieSid + "; prefs=" + cookieJWT + "; visitor=" + cookieVisitor
	// shownCookies is the Cookie header as every report must show it.
	shownCookies = "theme=dark; lang=en; tz=Europe/Paris; sessionid=[REDACTED]; connect.sid=[REDACTED]; prefs=[REDACTED]; visitor=[REDACTED]"
	// notePassword is a password a JSON body names in prose, under a
	// harmless key.
	notePassword = "hunter2secret"
)

// checkCSRF fails the way a CSRF check does when the csrftoken cookie is
// missing, after reading the body and logging the cookies it got.
func checkCSRF(w http.ResponseWriter, r *http.Request) {
	io.ReadAll(r.Body)
	log.Printf("cookies: %s", r.Header.Get("Cookie"))
	sid, _ := r.Cookie("connect.sid")
	prefs, _ := r.Cookie("prefs")
	log.Println("session", sid.Value, "prefs", prefs.Value)
	if _, err := r.Cookie("csrftoken"); err != nil {
		visitor, _ := r.Cookie("visitor")
		panic("CSRF check failed: no csrftoken cookie; visitor " + visitor.Value)
	}
}

// TestCookieNamesAreShownAndSecretValuesHidden: a request's Cookie header
// keeps every cookie's name, so that a report shows which cookie was
// missing (csrftoken), and the values of harmless cookies (theme=dark);
// it hides the values of session cookies and values that look like
// secrets, in the HTML page, the JSON and Markdown reports, the stored
// report and its page, and wherever else they appear (the logged lines,
// the panic message). A password named in prose in a JSON body is hidden
// too.
func TestCookieNamesAreShownAndSecretValuesHidden(t *testing.T) {
	t.Setenv("EXPLAINERR_LOGS", "")
	quietLogs(t)
	state := t.TempDir()
	ex := newExplainer(t, explainerr.WithStateDir(state))
	h := ex.Middleware(http.HandlerFunc(checkCSRF))

	serve := func(method, target, accept string) *httptest.ResponseRecorder {
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"title": "hello", "note": "my password is ` + notePassword + `"}`)
		}
		req := httptest.NewRequest(method, target, body)
		req.RemoteAddr = "127.0.0.1:50000"
		req.Header.Set("Accept", accept)
		if method == "POST" {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Cookie", sentCookies)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}

	var pages []string
	var link string
	for _, accept := range []string{"application/json", "text/html", "text/markdown"} {
		rec := serve("POST", "/comments", accept)
		if rec.Code != http.StatusInternalServerError {
			t.Fatalf("%s: status %d, want 500", accept, rec.Code)
		}
		pages = append(pages, rec.Body.String())
		link = rec.Header().Get("X-Explainerr-Report")
	}
	if !reportLinkPattern.MatchString(link) {
		t.Fatalf("X-Explainerr-Report is %q, want a report path", link)
	}
	stored := serve("GET", link, "application/json")
	storedPage := serve("GET", link, "text/html")
	if stored.Code != 200 || storedPage.Code != 200 {
		t.Fatalf("stored report: %d, its page: %d; want 200", stored.Code, storedPage.Code)
	}
	files := stateFiles(t, state)
	if len(files) == 0 {
		t.Fatal("no history file written")
	}

	for name, doc := range map[string]string{"JSON report": pages[0], "stored report": stored.Body.String()} {
		var rep report.Report
		if err := json.Unmarshal([]byte(doc), &rep); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := rep.Request.Headers["Cookie"]; got != shownCookies {
			t.Errorf("%s shows the Cookie header as %q, want %q", name, got, shownCookies)
		}
		if !strings.Contains(rep.Error.Message, "no csrftoken cookie") || !strings.Contains(rep.Request.Body, `"note": "my password is [REDACTED]"`) {
			t.Errorf("%s: message %q, body %q: the test proves nothing", name, rep.Error.Message, rep.Request.Body)
		}
		if len(rep.Logs) < 2 {
			t.Errorf("%s has %d logged lines, want the 2 the handler wrote", name, len(rep.Logs))
		}
	}
	for name, doc := range map[string]string{"HTML page": html.UnescapeString(pages[1]), "stored report's page": html.UnescapeString(storedPage.Body.String()), "Markdown report": pages[2]} {
		if !strings.Contains(doc, shownCookies) {
			t.Errorf("%s lacks the Cookie header %q", name, shownCookies)
		}
	}
	for _, f := range files {
		if strings.HasSuffix(strings.SplitN(f, ":\n", 2)[0], ".json") && !strings.Contains(f, shownCookies) {
			t.Errorf("history file lacks the Cookie header %q:\n%.600s", shownCookies, f)
		}
	}
	all := append(append(pages, stored.Body.String(), storedPage.Body.String()), files...)
	expectHidden(t, all, cookieSession, cookieSid, cookieJWT, cookieVisitor, notePassword)
}
