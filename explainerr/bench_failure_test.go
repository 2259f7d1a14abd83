package explainerr_test

import (
	"bytes"
	"errors"
	"fmt"
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

// BenchmarkFailurePath measures a failure in a chi route, from the failure
// to the complete response: chi's Recoverer on a panic (which prints the
// panic and its stack, here to io.Discard, and answers a bare 500) against
// explainerr's page, JSON report and Markdown report of the same panic,
// and its page of the two other kinds of failure, an error returned by a
// HandlerFunc (html-error) and a 500 the handler wrote itself
// (html-status); all with the offline analyzer, retrieval off and the log
// record formatted into io.Discard. Each
// explainerr sub-benchmark reports its time as a multiple of Recoverer's
// in the same round ("x-recoverer"); run with -count N to get N interleaved
// rounds. The target is at most 10.
func BenchmarkFailurePath(b *testing.B) {
	saved := chiRecovererOutput
	chiRecovererOutput = io.Discard
	b.Cleanup(func() { chiRecovererOutput = saved })

	// end is how a complete response ends, and says is what it reports.
	const nilMap = "assignment to entry in nil map"
	for _, c := range []struct {
		name, accept, end, says string
		handler                 http.Handler
	}{
		{"chiRecoverer", "text/html", "", "", http.HandlerFunc(benchPanic)},
		{"html", "text/html", "</html>", nilMap, http.HandlerFunc(benchPanic)},
		{"json", "application/json", "\n}\n", nilMap, http.HandlerFunc(benchPanic)},
		{"markdown", "text/markdown", "", nilMap, http.HandlerFunc(benchPanic)},
		// The other two kinds of failure, in the HTML page.
		{"html-error", "text/html", "</html>", benchErrorText, explainerr.HandlerFunc(benchReturnedError)},
		{"html-status", "text/html", "</html>", benchErrorText, http.HandlerFunc(benchWrittenStatus)},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := chi.NewRouter()
			if c.name == "chiRecoverer" {
				r.Use(middleware.Recoverer)
			} else {
				ex := benchExplainer(b, explainerr.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
				r.Use(ex.Middleware)
			}
			r.Method("GET", "/posts/{id}/edit", c.handler)
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
			complete := strings.HasSuffix(strings.TrimSpace(body), strings.TrimSpace(c.end)) && strings.Contains(body, c.says)
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

// benchErrorText is what the returned error and the written status of
// BenchmarkFailurePath say.
const benchErrorText = "sql: no rows in result set"

// benchLoadPost fails as loading a post that does not exist fails.
func benchLoadPost(r *http.Request) error {
	return fmt.Errorf("edit post %s: %w", chi.URLParam(r, "id"), errors.New(benchErrorText))
}

// benchReturnedError returns the error of benchLoadPost.
func benchReturnedError(w http.ResponseWriter, r *http.Request) error {
	return benchLoadPost(r)
}

// benchWrittenStatus answers benchLoadPost's error with a 500 of its own,
// as most Go apps report an unhandled error.
func benchWrittenStatus(w http.ResponseWriter, r *http.Request) {
	if err := benchLoadPost(r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// serveFailures serves req to h b.N times into w, without keeping the
// bodies, and fails b unless the last response was a 500. Besides the
// wall time it reports the process's CPU time per failure ("cpu-ns/op"),
// which other programs running on a shared machine disturb less.
func serveFailures(b *testing.B, h http.Handler, req *http.Request, w *discardWriter) {
	w.body = nil
	b.ReportAllocs()
	b.ResetTimer()
	cpu := processCPU()
	for b.Loop() {
		w.reset()
		h.ServeHTTP(w, req)
	}
	b.StopTimer()
	if used := processCPU() - cpu; used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	if w.status != http.StatusInternalServerError {
		b.Fatalf("status %d in the loop, want 500", w.status)
	}
}
