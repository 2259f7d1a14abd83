package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// serve sends a GET from a loopback client to a router made with an
// offline, quiet Explainer.
func serve(t *testing.T, path string) *httptest.ResponseRecorder {
	t.Helper()
	return reporttest.Serve(newRouter(reporttest.Explainer(t)), http.MethodGet, path, "application/json")
}

func TestKnownItemWorks(t *testing.T) {
	rec := serve(t, "/items/lamp")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Desk lamp: $24.50") {
		t.Fatalf("status %d, body %q", rec.Code, rec.Body)
	}
}

func TestUnknownItemIsExplained(t *testing.T) {
	rec := serve(t, "/items/sofa")
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	rep := reporttest.Decode(t, rec)
	if rep.Error.Kind != report.KindPanic || !strings.Contains(rep.Error.Message, "nil pointer dereference") {
		t.Errorf("error %+v, want a nil pointer panic", rep.Error)
	}
	if rep.Request.Route != "/items/{sku}" {
		t.Errorf("route %q, want the chi pattern /items/{sku}", rep.Request.Route)
	}
	inner := rep.InnermostApp()
	// A test binary names package main by its import path.
	if inner == nil || !strings.HasSuffix(inner.Function, ".(*catalog).price") {
		t.Fatalf("innermost app frame %+v, want (*catalog).price", inner)
	}
	if inner.Source == nil || !strings.Contains(inner.Source.LineText(), "it.Name") {
		t.Errorf("the app frame's source does not show the failing line: %+v", inner.Source)
	}
	if !strings.Contains(rep.Prompt.User, "(*catalog).price") {
		t.Error("the prompt does not name the failing function")
	}
}
