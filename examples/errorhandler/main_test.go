//go:build !prod

package main

import (
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// serve sends a GET from a loopback client to the handler made with an
// offline, quiet Explainer over the sample notes.
func serve(t *testing.T, path string) *httptest.ResponseRecorder {
	t.Helper()
	return reporttest.Serve(reporttest.Explainer(t).Middleware(newHandler(sampleNotes)), http.MethodGet, path, "application/json")
}

func TestNotesThatParseAreServed(t *testing.T) {
	rec := serve(t, "/notes/welcome")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Notes are JSON files.") {
		t.Errorf("status %d, body %q", rec.Code, rec.Body)
	}
	if rec := serve(t, "/notes/missing"); rec.Code != http.StatusNotFound {
		t.Errorf("missing note: status %d, want 404", rec.Code)
	}
}

func TestReturnedErrorIsExplained(t *testing.T) {
	rec := serve(t, "/notes/todo")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindError || !strings.HasPrefix(rep.Error.Message, "note todo: unexpected end of JSON input") {
		t.Errorf("error %+v, want the error noteHandler returned", rep.Error)
	}
	if len(rep.Error.Chain) != 1 || rep.Error.Chain[0] != "unexpected end of JSON input" {
		t.Errorf("chain %q, want the wrapped json error", rep.Error.Chain)
	}
	inner := rep.InnermostApp()
	// The closure made by noteHandler; a test binary names package main by
	// its import path, and inlining may put newHandler's name in front.
	if inner == nil || !strings.Contains(inner.Function, "noteHandler.func") {
		t.Fatalf("innermost app frame %+v, want the closure made by noteHandler", inner)
	}
	if !strings.Contains(rep.Prompt.User, "noteHandler") {
		t.Error("the prompt does not name the handler")
	}
}

// The README's wiring: explainerr inside the request logger, which logs
// the status explainerr answered for a failing request.
func TestTheRequestLoggerOutsideLogsTheStatusExplainerrAnswered(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("EXPLAINERR_PROVIDER", "offline")
	t.Setenv("EXPLAINERR_CONTEXT", "static")
	withExplainerr, err := explainerrMiddleware()
	if err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	h := logRequests(log.New(&logged, "", 0), withExplainerr(newHandler(sampleNotes)))
	for path, code := range map[string]int{"/notes/todo": http.StatusInternalServerError, "/notes/welcome": http.StatusOK} {
		if rec := reporttest.Serve(h, http.MethodGet, path, "application/json"); rec.Code != code {
			t.Errorf("%s: status %d, want %d", path, rec.Code, code)
		}
	}
	for _, want := range []string{"GET /notes/todo 500\n", "GET /notes/welcome 200\n"} {
		if !strings.Contains(logged.String(), want) {
			t.Errorf("the request log %q lacks %q", logged.String(), want)
		}
	}
}
