package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// serve sends a GET from a loopback client to the handler made with an
// offline, quiet Explainer.
func serve(t *testing.T, path, accept string) *httptest.ResponseRecorder {
	t.Helper()
	return reporttest.Serve(newHandler(reporttest.Explainer(t)), http.MethodGet, path, accept)
}

func TestOtherAnswersPassThrough(t *testing.T) {
	if rec := serve(t, "/", "text/plain"); rec.Code != http.StatusOK {
		t.Errorf("/: status %d", rec.Code)
	}
	// 4xx answers are the app's business, not failures.
	if rec := serve(t, "/users/x", "application/json"); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "id must be a number") {
		t.Errorf("/users/x: status %d, body %q", rec.Code, rec.Body)
	}
	if rec := serve(t, "/users/9", "application/json"); rec.Code != http.StatusNotFound {
		t.Errorf("/users/9: status %d", rec.Code)
	}
}

func TestStatusWrittenByTheAppIsExplained(t *testing.T) {
	rec := serve(t, "/users/1", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindStatus || !strings.Contains(rep.Error.Message, "json: unsupported type: func(string)") {
		t.Errorf("error %+v, want the status written by showUser", rep.Error)
	}
	inner := rep.InnermostApp()
	// A test binary names package main by its import path.
	if inner == nil || !strings.HasSuffix(inner.Function, ".showUser") {
		t.Fatalf("innermost app frame %+v, want showUser", inner)
	}
	if inner.Source == nil || !strings.Contains(inner.Source.LineText(), "http.Error") {
		t.Errorf("the app frame does not show the http.Error line: %+v", inner.Source)
	}
}

func TestMarkdownForOtherClients(t *testing.T) {
	rec := serve(t, "/users/1", "text/plain")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	if body := rec.Body.String(); !strings.Contains(body, "showUser") || !strings.Contains(body, "unsupported type") {
		t.Errorf("the text report does not name the failure:\n%s", body)
	}
}
