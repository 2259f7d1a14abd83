//go:build !openai

package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// captureDefaultLog sends the default logger's records to the returned
// buffer until the test ends.
func captureDefaultLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

// statsReport asks h for /stats as a JSON client on the loopback
// interface and decodes the report.
func statsReport(t *testing.T, h http.Handler) report.Report {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/stats", nil)
	req.RemoteAddr = "127.0.0.1:40000"
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("/stats: status %d, want 500", rec.Code)
	}
	var rep report.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("/stats: not a JSON report: %v\n%s", err, rec.Body)
	}
	return rep
}

func TestBlogWithoutKeyNeedsNoModelClient(t *testing.T) {
	clearExplainerrEnv(t)
	log := captureDefaultLog(t)
	h, err := newHandler("", quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	rep := statsReport(t, h)
	if rep.Explanation.Provider != "offline" || !strings.Contains(rep.Explanation.Text, "handleStats") {
		t.Errorf("explanation by %q, want the offline analysis naming handleStats:\n%s", rep.Explanation.Provider, rep.Explanation.Text)
	}
	if strings.Contains(log.String(), modelClientCommand) {
		t.Errorf("no key is set, yet the blog asks for the model client:\n%s", log)
	}
	for _, n := range rep.Notices {
		if strings.Contains(n, "model client") {
			t.Errorf("no key is set, yet the report has the notice %q", n)
		}
	}
}

func TestBlogWithKeyButNoModelClientSaysWhatToRun(t *testing.T) {
	clearExplainerrEnv(t)
	t.Setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
	log := captureDefaultLog(t)
	h, err := newHandler("", quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	if want := "OPENAI_API_KEY is set, but this build has no model client"; !strings.Contains(log.String(), want) || !strings.Contains(log.String(), "go run -tags openai ./blogapp") {
		t.Errorf("the blog's log lacks %q and the command to run:\n%s", want, log)
	}
	rep := statsReport(t, h)
	if !strings.Contains(rep.Explanation.Text, "handleStats") {
		t.Errorf("the offline analysis does not stand in:\n%s", rep.Explanation.Text)
	}
	notices := strings.Join(rep.Notices, "\n")
	if !strings.Contains(notices, "not linked") {
		t.Errorf("the report does not say the model client is not linked; notices:\n%s", notices)
	}
}
