package explainerr_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// discardWriter is a ResponseWriter that keeps nothing but a byte count and
// the status, so that benchmarks measure the middleware, not a recorder.
type discardWriter struct {
	header  http.Header
	status  int
	written int
	body    *bytes.Buffer // when not nil, the body is kept (for checks)
}

func newDiscardWriter() *discardWriter { return &discardWriter{header: http.Header{}} }

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *discardWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.written += len(p)
	if w.body != nil {
		w.body.Write(p)
	}
	return len(p), nil
}
func (w *discardWriter) Flush() {}

// reset makes the writer ready for the next request without allocating.
func (w *discardWriter) reset() {
	if len(w.header) > 0 {
		clear(w.header)
	}
	w.status, w.written = 0, 0
	if w.body != nil {
		w.body.Reset()
	}
}

// okHandler is the handler of the happy path: a 200 with a short body.
var okBody = []byte("ok")

func okHandler(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
	w.Write(okBody)
}

// benchExplainer returns an Explainer with the offline provider, retrieval
// off and a discarding logger, from a clean environment.
func benchExplainer(tb testing.TB, opts ...explainerr.Option) *explainerr.Explainer {
	tb.Helper()
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_PROVIDER", "EXPLAINERR_RAG"} {
		if v, ok := os.LookupEnv(k); ok {
			os.Unsetenv(k)
			tb.Cleanup(func() { os.Setenv(k, v) })
		}
	}
	base := []explainerr.Option{
		explainerr.WithProviderName("offline"),
		explainerr.WithRAG(false),
		explainerr.WithLogger(slog.New(slog.DiscardHandler)),
	}
	ex, err := explainerr.New(append(base, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { ex.Close() })
	return ex
}

// happyNsPerOp holds the last measured ns/op of the happy-path
// sub-benchmarks, so that the explainerr one can report its ratio to
// Recoverer measured in the same run.
var happyNsPerOp = map[string]float64{}

// BenchmarkHappyPath compares a request that does not fail through the bare
// handler, chi's Recoverer and explainerr's Middleware. The explainerr
// sub-benchmark also reports its time as a multiple of Recoverer's
// ("x-recoverer"); the target is at most 1.2 and 0 allocs/op.
func BenchmarkHappyPath(b *testing.B) {
	ex := benchExplainer(b)
	handlers := []struct {
		name string
		h    http.Handler
	}{
		{"bare", http.HandlerFunc(okHandler)},
		{"recoverer", middleware.Recoverer(http.HandlerFunc(okHandler))},
		{"explainerr", ex.Middleware(http.HandlerFunc(okHandler))},
	}
	req := httptest.NewRequest("GET", "/posts/1", nil)
	req.RemoteAddr = "127.0.0.1:5555"
	for _, c := range handlers {
		b.Run(c.name, func(b *testing.B) {
			w := newDiscardWriter()
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				c.h.ServeHTTP(w, req)
			}
			if w.status != http.StatusOK || w.written != len(okBody) {
				b.Fatalf("status %d, %d bytes", w.status, w.written)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			happyNsPerOp[c.name] = ns
			if rec := happyNsPerOp["recoverer"]; c.name == "explainerr" && rec > 0 {
				b.ReportMetric(ns/rec, "x-recoverer")
			}
		})
	}
}

// benchPanic is the failing handler of the failure-path benchmarks.
func benchPanic(w http.ResponseWriter, r *http.Request) {
	var posts map[string][]string
	posts["draft"] = append(posts["draft"], r.URL.Path) // assignment to entry in nil map
}

// BenchmarkFailurePath measures a panic turned into the complete HTML page
// and into the JSON report, with the offline analyzer and retrieval off.
// The target is under 1 ms per failure.
func BenchmarkFailurePath(b *testing.B) {
	for _, c := range []struct{ name, accept, end string }{
		{"html", "text/html", "</html>"},
		{"json", "application/json", "\n}\n"},
	} {
		b.Run(c.name, func(b *testing.B) {
			h := benchExplainer(b).Middleware(http.HandlerFunc(benchPanic))
			req := httptest.NewRequest("GET", "/posts/7/edit", nil)
			req.RemoteAddr = "127.0.0.1:5555"
			req.Header.Set("Accept", c.accept)
			req.Header.Set("User-Agent", "bench")
			w := newDiscardWriter()
			w.body = &bytes.Buffer{}
			h.ServeHTTP(w, req) // warm the source cache
			body := w.body.String()
			if w.status != 500 || !strings.HasSuffix(strings.TrimSpace(body), strings.TrimSpace(c.end)) || !strings.Contains(body, "assignment to entry in nil map") {
				b.Fatalf("status %d, incomplete %s response:\n%.300s", w.status, c.name, body)
			}
			w.body = nil
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				w.reset()
				h.ServeHTTP(w, req)
			}
			b.ReportMetric(float64(w.written), "resp-bytes")
		})
	}
}

// TestFailurePathUnderOneMillisecond is the failure-path target as a test:
// the median of repeated panics rendered to the complete HTML page stays
// well under a generous bound (1 ms is the target on a quiet machine; the
// test allows 20 ms so that a busy CI machine under -race does not fail it).
func TestFailurePathUnderOneMillisecond(t *testing.T) {
	h := benchExplainer(t).Middleware(http.HandlerFunc(benchPanic))
	req := httptest.NewRequest("GET", "/posts/7/edit", nil)
	req.RemoteAddr = "127.0.0.1:5555"
	req.Header.Set("Accept", "text/html")
	w := newDiscardWriter()
	w.body = &bytes.Buffer{}
	const runs = 21
	times := make([]time.Duration, runs)
	for i := range times {
		w.reset()
		start := time.Now()
		h.ServeHTTP(w, req)
		times[i] = time.Since(start)
		if w.status != 500 || !strings.HasSuffix(strings.TrimSpace(w.body.String()), "</html>") {
			t.Fatalf("run %d: status %d, page incomplete", i, w.status)
		}
	}
	med := median(times)
	t.Logf("median time from panic to complete page: %s", med)
	if med > 20*time.Millisecond {
		t.Errorf("median %s from panic to page, want well under 20ms (target 1ms)", med)
	}
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// TestSourceFilesAreReadOnce proves that source windows come from a cache:
// once a file has been read for one failure, the next failure shows the
// same lines even after the file changed on disk or was removed.
func TestSourceFilesAreReadOnce(t *testing.T) {
	ex := benchExplainer(t)
	file := filepath.Join(t.TempDir(), "cart.go")
	original := "package cart\n\nfunc Add(items map[string]int, id string) {\n\titems[id]++ // original line\n}\n"
	if err := os.WriteFile(file, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}
	newReport := func() *report.Report {
		return &report.Report{
			Error:  report.Error{Kind: report.KindPanic, Type: "runtime.plainError", Message: "assignment to entry in nil map"},
			Frames: []report.Frame{{Function: "example.com/cart.Add", File: file, Line: 4, Kind: report.FrameApp}},
		}
	}
	first := newReport()
	if err := ex.Prepare(t.Context(), first); err != nil {
		t.Fatal(err)
	}
	if got := first.Frames[0].Source.LineText(); !strings.Contains(got, "original line") {
		t.Fatalf("first read: line %q", got)
	}

	if err := os.WriteFile(file, []byte("package cart\n\n// rewritten\n// rewritten\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second := newReport()
	ex.Prepare(t.Context(), second)
	if got := second.Frames[0].Source.LineText(); !strings.Contains(got, "original line") {
		t.Errorf("after a rewrite the file was read again: line %q", got)
	}

	os.Remove(file)
	third := newReport()
	ex.Prepare(t.Context(), third)
	if got := third.Frames[0].Source.LineText(); !strings.Contains(got, "original line") {
		t.Errorf("after removal the file was read again: line %q", got)
	}

	// A second Explainer has its own cache and does read the file (here:
	// finds it gone), which shows the lines above came from the cache.
	fresh := benchExplainer(t)
	other := newReport()
	fresh.Prepare(t.Context(), other)
	if other.Frames[0].Source != nil {
		t.Errorf("a fresh Explainer found source for a removed file: %+v", other.Frames[0].Source)
	}
}
