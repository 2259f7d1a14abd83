package main

import (
	"context"
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
	"github.com/explainerr/explainerr/invoiceapp/config"
)

// quietOptions keep the test offline and silent.
func quietOptions() []explainerr.Option {
	return []explainerr.Option{
		explainerr.WithProviderName("offline"),
		explainerr.WithRAG(false),
		explainerr.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
	}
}

// defaultConfig is the configuration with no variable set.
func defaultConfig(t *testing.T) config.Config {
	t.Helper()
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestEmbeddedFixturesAreValid(t *testing.T) {
	f, err := fixture.Parse(fixturesJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Fixtures) < 20 {
		t.Errorf("%d fixtures embedded, want at least 20", len(f.Fixtures))
	}
}

func TestHandlerServesTheAppAndExplainsFailures(t *testing.T) {
	h, err := newHandler(context.Background(), defaultConfig(t), quietOptions()...)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.RemoteAddr = "127.0.0.1:40000"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "dashboard_status_literal") {
		t.Fatalf("home: status %d, fixtures listed: %v", rec.Code, strings.Contains(rec.Body.String(), "dashboard_status_literal"))
	}

	req = httptest.NewRequest(http.MethodGet, "/dashboard", nil)
	req.RemoteAddr = "127.0.0.1:40000"
	req.Header.Set("Accept", "application/json")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("/dashboard: status %d", rec.Code)
	}
	var rep report.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("/dashboard: not a JSON report: %v", err)
	}
	if rep.Error.Kind != report.KindPanic || !strings.Contains(rep.Error.Message, "past_due") {
		t.Errorf("/dashboard: error %+v", rep.Error)
	}
	if rep.Request.Route != "/dashboard" {
		t.Errorf("/dashboard: route %q, want the chi pattern", rep.Request.Route)
	}
}

func TestNonLoopbackClientsGetNoDetail(t *testing.T) {
	h, err := newHandler(context.Background(), defaultConfig(t), quietOptions()...)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/dashboard", nil)
	req.RemoteAddr = "203.0.113.9:40000"
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	if body := rec.Body.String(); strings.Contains(body, "past_due") || strings.Contains(body, "StatusIndex") {
		t.Errorf("a remote client saw failure details: %q", body)
	}
}
