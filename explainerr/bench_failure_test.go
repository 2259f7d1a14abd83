package explainerr_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	_ "unsafe" // for go:linkname

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/explainerr/explainerr/explainerr"
)

// chiRecovererOutput is where chi's Recoverer prints the panic and its
// stack (os.Stderr, in a variable chi does not export). The benchmark sends
// it to io.Discard, as the explainerr side sends its log record, so that
// both sides format their output and neither pays for a terminal.
//
//go:linkname chiRecovererOutput github.com/go-chi/chi/v5/middleware.recovererErrorWriter
var chiRecovererOutput io.Writer

// failureNsPerOp holds the ns/op of the last chiRecoverer run, so that the
// other sub-benchmarks of the same round report their ratio to it.
var failureNsPerOp float64

// BenchmarkFailurePath measures a panic in a chi route, from the panic to
// the complete response: chi's Recoverer (which prints the panic and its
// stack, here to io.Discard, and answers a bare 500) against explainerr's
// page, JSON report and Markdown report with the offline analyzer,
// retrieval off and the log record formatted into io.Discard. Each
// explainerr sub-benchmark reports its time as a multiple of Recoverer's
// in the same round ("x-recoverer"); run with -count N to get N interleaved
// rounds. The target is at most 10.
func BenchmarkFailurePath(b *testing.B) {
	saved := chiRecovererOutput
	chiRecovererOutput = io.Discard
	b.Cleanup(func() { chiRecovererOutput = saved })

	// end is how a complete response ends.
	for _, c := range []struct{ name, accept, end string }{
		{"chiRecoverer", "text/html", ""},
		{"html", "text/html", "</html>"},
		{"json", "application/json", "\n}\n"},
		{"markdown", "text/markdown", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := chi.NewRouter()
			if c.name == "chiRecoverer" {
				r.Use(middleware.Recoverer)
			} else {
				ex := benchExplainer(b, explainerr.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
				r.Use(ex.Middleware)
			}
			r.Get("/posts/{id}/edit", benchPanic)
			req := httptest.NewRequest("GET", "/posts/7/edit", nil)
			req.RemoteAddr = "127.0.0.1:5555"
			req.Header.Set("Accept", c.accept)
			req.Header.Set("User-Agent", "bench")

			w := newDiscardWriter()
			w.body = &bytes.Buffer{}
			r.ServeHTTP(w, req) // warms the source cache
			body := w.body.String()
			if w.status != http.StatusInternalServerError {
				b.Fatalf("status %d, want 500", w.status)
			}
			complete := strings.HasSuffix(strings.TrimSpace(body), strings.TrimSpace(c.end)) && strings.Contains(body, "assignment to entry in nil map")
			if c.name != "chiRecoverer" && !complete {
				b.Fatalf("incomplete %s response:\n%.300s", c.name, body)
			}
			serveFailures(b, r, req, w)
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if c.name == "chiRecoverer" {
				failureNsPerOp = ns
			} else if failureNsPerOp > 0 {
				b.ReportMetric(ns/failureNsPerOp, "x-recoverer")
			}
			b.ReportMetric(float64(w.written), "resp-bytes")
		})
	}
}

// serveFailures serves req to h b.N times into w, without keeping the
// bodies, and fails b unless the last response was a 500.
func serveFailures(b *testing.B, h http.Handler, req *http.Request, w *discardWriter) {
	w.body = nil
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w.reset()
		h.ServeHTTP(w, req)
	}
	b.StopTimer()
	if w.status != http.StatusInternalServerError {
		b.Fatalf("status %d in the loop, want 500", w.status)
	}
}
