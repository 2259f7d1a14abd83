// Package reporttest helps tests drive a handler wrapped by explainerr the
// way a local developer's browser or script would, and read the report back.
package reporttest

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Explainer returns an Explainer that ignores the model settings of the
// environment (so it uses the offline analyzer unless opts say otherwise),
// has retrieval off (the static context, whether or not an index was
// built), and logs nowhere; opts come last and win. It is closed when the
// test ends.
func Explainer(t testing.TB, opts ...explainerr.Option) *explainerr.Explainer {
	t.Helper()
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_PROVIDER", "EXPLAINERR_RAG", "EXPLAINERR_CONTEXT", "EXPLAINERR_MODEL", "EXPLAINERR_INDEX"} {
		t.Setenv(k, "")
	}
	base := []explainerr.Option{explainerr.WithLogger(slog.New(slog.DiscardHandler)), explainerr.WithContext(explainerr.ContextStatic)}
	ex, err := explainerr.New(append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ex.Close() })
	return ex
}

// Serve sends one request to h from a loopback client, with the given
// Accept header (none when empty), and returns what h answered.
func Serve(h http.Handler, method, target, accept string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	req.RemoteAddr = "127.0.0.1:50000"
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Decode reads the JSON report in rec's body, failing the test when it is
// not one.
func Decode(t testing.TB, rec *httptest.ResponseRecorder) report.Report {
	t.Helper()
	var rep report.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, rec.Body.String())
	}
	return rep
}

// Between returns the text of s between the first start and the next end
// after it, or "" when either is missing: a section of a page or prompt.
func Between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	j := strings.Index(s, end)
	if j < 0 {
		return ""
	}
	return s[:j]
}
