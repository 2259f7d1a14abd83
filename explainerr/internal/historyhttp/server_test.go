package historyhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// testServer returns a Server over an in-memory store holding one report,
// its id, and the buffer its log writes to. Its page's start writes a
// marker the tests look for; no model answers follow-up questions.
func testServer(t *testing.T) (*Server, string, *bytes.Buffer) {
	t.Helper()
	store := history.New(history.Options{})
	id := history.NewID()
	rep := &report.Report{Error: report.Error{Kind: report.KindPanic, Message: "nil map write"}, Time: time.Now()}
	if err := store.Add(id, redact.Seal(rep, nil)); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	s := &Server{
		Store:        store,
		Guard:        &guard.Config{},
		Log:          slog.New(slog.NewTextHandler(&logged, nil)),
		AwaitTimeout: time.Second,
		StartPage: func(w io.Writer, rep redact.Sealed, nonce string) error {
			_, err := io.WriteString(w, "<start>"+rep.Report().Error.Message)
			return err
		},
		Engine: engine.New(engine.Config{}),
	}
	return s, id, &logged
}

// request returns a request for path as a server on the loopback hands
// it over, from remote.
func request(method, path, remote, accept string) *http.Request {
	r := httptest.NewRequest(method, "http://localhost:8080"+path, nil)
	r.RemoteAddr = remote
	r.Header.Set("Accept", accept)
	addr, _ := net.ResolveTCPAddr("tcp", "127.0.0.1:8080")
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

// TestRefusedClientIsPassedToTheApp: a client the guard refuses gets
// nothing from the history's paths; the request goes back to the app and
// the refusal is logged.
func TestRefusedClientIsPassedToTheApp(t *testing.T) {
	s, id, logged := testServer(t)
	rec := httptest.NewRecorder()
	if s.Serve(rec, request("GET", ReportsPath+id, "198.51.100.7:5000", "application/json")) {
		t.Fatal("Serve answered a client the guard refuses")
	}
	if rec.Body.Len() != 0 || !strings.Contains(logged.String(), "for the developer only") {
		t.Errorf("body %q, log %q: want nothing written and the refusal logged", rec.Body, logged)
	}
}

// TestListAndReportPages: the developer gets the list as JSON, with each
// report's page, and the report's page in HTML, JSON and Markdown.
func TestListAndReportPages(t *testing.T) {
	s, id, _ := testServer(t)
	serve := func(method, path, accept string) *httptest.ResponseRecorder {
		t.Helper()
		rec := httptest.NewRecorder()
		if !s.Serve(rec, request(method, path, "127.0.0.1:5000", accept)) {
			t.Fatalf("%s %s: not served to the developer", method, path)
		}
		return rec
	}
	var list listJSON
	if err := json.Unmarshal(serve("GET", Path, "application/json").Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Failures) != 1 || list.Failures[0].ID != id || list.Failures[0].Report != ReportsPath+id {
		t.Errorf("list %+v, want the one report with its page", list.Failures)
	}
	if html := serve("GET", ReportsPath+id, "text/html").Body.String(); !strings.HasPrefix(html, "<start>nil map write") || strings.Contains(html, askURL(id)) {
		t.Errorf("HTML page %q: want the middleware's start and no question box without a model", html)
	}
	var stored storedReport
	if err := json.Unmarshal(serve("GET", ReportsPath+id, "application/json").Body.Bytes(), &stored); err != nil || stored.Report == nil || stored.Error.Message != "nil map write" {
		t.Errorf("JSON report %+v (%v), want the stored report", stored.Report, err)
	}
	if md := serve("GET", ReportsPath+id, "").Body.String(); !strings.Contains(md, "nil map write") {
		t.Errorf("Markdown report %q lacks the message", md)
	}
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"GET", ReportsPath + id + "/ask", http.StatusMethodNotAllowed},
		{"GET", ReportsPath + id + "/nope", http.StatusNotFound},
		{"GET", ReportsPath + "not-an-id", http.StatusNotFound},
		{"GET", ReportsPath + history.NewID(), http.StatusNotFound},
		{"PUT", ReportsPath + id, http.StatusMethodNotAllowed},
		{"GET", Path[:len(Path)-1], http.StatusMovedPermanently},
		{"GET", Path + "elsewhere", http.StatusNotFound},
	} {
		if got := serve(c.method, c.path, "").Code; got != c.want {
			t.Errorf("%s %s: status %d, want %d", c.method, c.path, got, c.want)
		}
	}
}

// TestClearFromTheSameOriginOnly: a POST clears the history only when the
// browser says it came from the history's own page (a POST that says
// nothing is refused), and is answered with a redirect back to it.
func TestClearFromTheSameOriginOnly(t *testing.T) {
	s, _, _ := testServer(t)
	rec := httptest.NewRecorder()
	s.Serve(rec, request("POST", Path, "127.0.0.1:5000", ""))
	if rec.Code != http.StatusForbidden || len(s.Store.List()) != 1 {
		t.Errorf("POST without origin: status %d, %d reports left; want 403 and the report kept", rec.Code, len(s.Store.List()))
	}
	same := request("POST", Path, "127.0.0.1:5000", "")
	same.Header.Set("Sec-Fetch-Site", "same-origin")
	rec = httptest.NewRecorder()
	s.Serve(rec, same)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != Path || len(s.Store.List()) != 0 {
		t.Errorf("same-origin POST: status %d to %q, %d reports left; want 303 to the list and none", rec.Code, rec.Header().Get("Location"), len(s.Store.List()))
	}
}

// TestKeptSaysTheBounds: the list page says the history's bounds, the
// store's defaults when none are configured.
func TestKeptSaysTheBounds(t *testing.T) {
	s, _, _ := testServer(t)
	s.MaxReports, s.MaxAge = 5, 36*time.Hour
	if got, want := s.kept(), "at most 5 reports, none older than 36 h; in memory only"; got != want {
		t.Errorf("kept %q, want %q", got, want)
	}
	s.MaxReports, s.MaxAge = 0, 0
	if got := s.kept(); !strings.Contains(got, humanDuration(history.DefaultMaxAge)) {
		t.Errorf("kept %q does not say the default age", got)
	}
	for d, want := range map[time.Duration]string{24 * time.Hour: "1 day", 72 * time.Hour: "3 days", 90 * time.Minute: "1h30m0s"} {
		if got := humanDuration(d); got != want {
			t.Errorf("humanDuration(%s) = %q, want %q", d, got, want)
		}
	}
}

// TestIsPath: the history's paths, and only they.
func TestIsPath(t *testing.T) {
	for p, want := range map[string]bool{"/_explainerr/": true, "/_explainerr": true, "/_explainerr/reports/x": true, "/_explainerrs": false, "/posts": false} {
		if IsPath(p) != want {
			t.Errorf("IsPath(%q) = %v, want %v", p, !want, want)
		}
	}
}
