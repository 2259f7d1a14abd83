package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// quietOptions keep the test offline and silent.
func quietOptions() []explainerr.Option {
	return []explainerr.Option{
		explainerr.WithProviderName("offline"),
		explainerr.WithRAG(false),
		explainerr.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
	}
}

func TestEmbeddedFixturesAreValid(t *testing.T) {
	f, err := fixture.Parse(fixturesJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Fixtures) != 15 {
		t.Errorf("%d fixtures embedded, want 15", len(f.Fixtures))
	}
}

func TestHandlerServesTheBlogAndExplainsFailures(t *testing.T) {
	h, err := newHandler("", quietOptions()...)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.RemoteAddr = "127.0.0.1:40000"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "stats_nil_map") {
		t.Fatalf("home: status %d, fixtures listed: %v", rec.Code, strings.Contains(rec.Body.String(), "stats_nil_map"))
	}

	req = httptest.NewRequest(http.MethodGet, "/stats", nil)
	req.RemoteAddr = "127.0.0.1:40000"
	req.Header.Set("Accept", "application/json")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("/stats: status %d", rec.Code)
	}
	var rep report.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("/stats: not a JSON report: %v", err)
	}
	if rep.Error.Kind != report.KindPanic || !strings.Contains(rep.Error.Message, "nil map") {
		t.Errorf("/stats: error %+v", rep.Error)
	}
	if rep.Request.Route != "/stats" {
		t.Errorf("/stats: route %q, want the chi pattern /stats", rep.Request.Route)
	}
}

func TestNonLoopbackClientsGetNoDetail(t *testing.T) {
	h, err := newHandler("", quietOptions()...)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/stats", nil)
	req.RemoteAddr = "203.0.113.9:40000"
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	if body := rec.Body.String(); strings.Contains(body, "nil map") || strings.Contains(body, "AddPost") {
		t.Errorf("a remote client saw failure details: %q", body)
	}
}
