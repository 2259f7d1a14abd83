package app_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/invoiceapp/app"
	"github.com/explainerr/explainerr/invoiceapp/config"
)

// repoRoot is the repository root, relative to this package.
const repoRoot = "../.."

// fixturesPath is the fixtures file, relative to this package.
const fixturesPath = "../fixtures.json"

// fixedNow is the clock the tests run the app at.
var fixedNow = time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)

// loadFixtures reads the fixtures file.
func loadFixtures(t *testing.T) *fixture.File {
	t.Helper()
	f, err := fixture.Load(fixturesPath)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// newApp returns the app over a fresh database file with the default
// configuration, wrapped in explainerr with the offline provider and
// without retrieval, listing fixtures on its home page.
func newApp(t *testing.T, fixtures []fixture.Fixture) http.Handler {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ex, err := explainerr.New(
		explainerr.WithProviderName("offline"),
		explainerr.WithRAG(false),
		explainerr.WithLogger(quiet),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ex.Close() })
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DBPath = filepath.Join(t.TempDir(), "invoices.db")
	a, err := app.New(context.Background(), cfg, app.WithExplainer(ex), app.WithFixtures(fixtures),
		app.WithLogger(quiet), app.WithClock(func() time.Time { return fixedNow }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.DB.Close() })
	return a.Handler
}

// fixtureRequest builds the request of a fixture, from a loopback client.
func fixtureRequest(fx fixture.Fixture, accept string) *http.Request {
	var body io.Reader
	if fx.Body != "" {
		body = strings.NewReader(fx.Body)
	}
	req := httptest.NewRequest(fx.Method, fx.Path, body)
	req.RemoteAddr = "127.0.0.1:50123"
	if fx.Body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return req
}

// do sends req to h and returns the recorder.
func do(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// get requests path from a loopback client.
func get(h http.Handler, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "127.0.0.1:50124"
	return do(h, req)
}

// shortName drops the package path from a frame's function name.
func shortName(function string) string {
	if i := strings.LastIndexByte(function, '/'); i >= 0 {
		function = function[i+1:]
	}
	if i := strings.IndexByte(function, '.'); i >= 0 {
		function = function[i+1:]
	}
	return function
}
