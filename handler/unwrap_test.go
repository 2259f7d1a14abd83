package handler_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/explainerr/explainerr/handler"
)

// fieldWriter is a wrapper without Unwrap that keeps the writer it wraps in
// an exported field, as echo's Response did before echo v4.11.
type fieldWriter struct {
	Writer http.ResponseWriter
	Status int
}

func (w *fieldWriter) Header() http.Header         { return w.Writer.Header() }
func (w *fieldWriter) Write(b []byte) (int, error) { return w.Writer.Write(b) }
func (w *fieldWriter) WriteHeader(code int)        { w.Status = code; w.Writer.WriteHeader(code) }

// embeddingWriter is a wrapper without Unwrap that embeds the writer it
// wraps, as gin's writer did before gin v1.9.
type embeddingWriter struct {
	http.ResponseWriter
	Size int
}

// opaqueWriter keeps the writer it wraps where no one else can reach it,
// and has no Unwrap.
type opaqueWriter struct{ w http.ResponseWriter }

func (o opaqueWriter) Header() http.Header         { return o.w.Header() }
func (o opaqueWriter) Write(b []byte) (int, error) { return o.w.Write(b) }
func (o opaqueWriter) WriteHeader(code int)        { o.w.WriteHeader(code) }

// teeWriter writes to two writers, both exported: which one leads to the
// taker cannot be told.
type teeWriter struct {
	Primary, Mirror http.ResponseWriter
}

func (t teeWriter) Header() http.Header         { return t.Primary.Header() }
func (t teeWriter) Write(b []byte) (int, error) { t.Mirror.Write(b); return t.Primary.Write(b) }
func (t teeWriter) WriteHeader(code int)        { t.Mirror.WriteHeader(code); t.Primary.WriteHeader(code) }

// selfWriter unwraps to itself, forever.
type selfWriter struct{ http.ResponseWriter }

func (s *selfWriter) Unwrap() http.ResponseWriter { return s }

// handOver records what the hand-over log was told, and removes the log
// when the test ends.
type handOver struct {
	calls int
	req   *http.Request
	err   error
	hider string
}

func recordHandOvers(t *testing.T) *handOver {
	h := new(handOver)
	handler.SetHandOverLog(func(r *http.Request, err error, hider string) {
		h.calls++
		h.req, h.err, h.hider = r, err, hider
	})
	t.Cleanup(func() { handler.SetHandOverLog(nil) })
	return h
}

func TestFailReachesTheTakerThroughWrappersWithoutUnwrap(t *testing.T) {
	logged := recordHandOvers(t)
	for name, wrap := range map[string]func(http.ResponseWriter) http.ResponseWriter{
		"exported field":  func(w http.ResponseWriter) http.ResponseWriter { return &fieldWriter{Writer: w} },
		"embedded writer": func(w http.ResponseWriter) http.ResponseWriter { return &embeddingWriter{ResponseWriter: w} },
		"by value":        func(w http.ResponseWriter) http.ResponseWriter { return embeddingWriter{ResponseWriter: w} },
		"under an Unwrap": func(w http.ResponseWriter) http.ResponseWriter { return wrapper{&fieldWriter{Writer: w}} },
		"over an Unwrap":  func(w http.ResponseWriter) http.ResponseWriter { return &fieldWriter{Writer: wrapper{w}} },
		"two without one": func(w http.ResponseWriter) http.ResponseWriter {
			return &embeddingWriter{ResponseWriter: &fieldWriter{Writer: w}}
		},
	} {
		tk := &taker{ResponseWriter: httptest.NewRecorder()}
		if !errorHandler(wrap(tk), errSecret, nil) || tk.err != errSecret {
			t.Errorf("%s: the taker got %v", name, tk.err)
		}
	}
	if logged.calls != 0 {
		t.Errorf("the hand-over log was called %d times, for errors that were handed over", logged.calls)
	}
}

func TestFuncReachesTheTakerThroughAWrapperWithoutUnwrap(t *testing.T) {
	tk := &taker{ResponseWriter: httptest.NewRecorder()}
	handler.Func(failing).ServeHTTP(&embeddingWriter{ResponseWriter: tk}, httptest.NewRequest(http.MethodGet, "/", nil))
	if tk.err != errSecret {
		t.Fatalf("taker got %v, want the returned error", tk.err)
	}
}

func TestAWrapperThatHidesTheTakerIsNamedInOneLogLine(t *testing.T) {
	for name, c := range map[string]struct {
		w     func(http.ResponseWriter) http.ResponseWriter
		hider string
	}{
		"unexported field": {func(w http.ResponseWriter) http.ResponseWriter { return opaqueWriter{w} }, "handler_test.opaqueWriter"},
		"under a wrapper that unwraps": {func(w http.ResponseWriter) http.ResponseWriter { return wrapper{opaqueWriter{w}} },
			"handler_test.opaqueWriter"},
		"two exported writers": {func(w http.ResponseWriter) http.ResponseWriter { return teeWriter{w, httptest.NewRecorder()} },
			"handler_test.teeWriter"},
		"an endless chain": {func(w http.ResponseWriter) http.ResponseWriter { return &selfWriter{w} }, "*handler_test.selfWriter"},
	} {
		logged := recordHandOvers(t)
		rec := httptest.NewRecorder()
		tk := &taker{ResponseWriter: rec}
		if errorHandler(c.w(tk), errSecret, failing) || tk.err != nil {
			t.Errorf("%s: Fail reported the error taken, or the taker got %v", name, tk.err)
		}
		if logged.calls != 1 || logged.err != errSecret || logged.hider != c.hider || logged.req != nil {
			t.Errorf("%s: hand-over log called %d times with %v, %q, request %v; want once with the error and %q",
				name, logged.calls, logged.err, logged.hider, logged.req, c.hider)
		}
		if rec.Body.Len() != 0 {
			t.Errorf("%s: Fail wrote %q; the caller answers", name, rec.Body)
		}
	}
}

// http.TimeoutHandler's writer has no Unwrap and keeps the writer under it
// in an unexported field: the returned error cannot reach the taker, the
// client gets a plain 500, and the log names the wrapper.
func TestFuncUnderTimeoutHandlerNamesItInTheLog(t *testing.T) {
	logged := recordHandOvers(t)
	rec := httptest.NewRecorder()
	tk := &taker{ResponseWriter: rec}
	req := httptest.NewRequest(http.MethodGet, "/reports", nil)
	http.TimeoutHandler(handler.Func(failing), time.Minute, "timed out").ServeHTTP(tk, req)
	if tk.err != nil || rec.Code != http.StatusInternalServerError {
		t.Errorf("taker got %v, status %d: want no error taken and a plain 500", tk.err, rec.Code)
	}
	if logged.calls != 1 || logged.err != errSecret || logged.hider != "*http.timeoutWriter" || logged.req == nil || logged.req.URL.Path != "/reports" {
		t.Errorf("hand-over log called %d times with %v, %q, request %v", logged.calls, logged.err, logged.hider, logged.req)
	}
}

// A build that links none of explainerr sets no hand-over log: Fail with
// no taker to find stays quiet, and the caller answers.
func TestWithoutAHandOverLogFailStaysQuiet(t *testing.T) {
	rec := httptest.NewRecorder()
	if handler.Fail(opaqueWriter{rec}, errSecret, nil) || rec.Body.Len() != 0 {
		t.Errorf("Fail took the error, or wrote %q", rec.Body)
	}
}

// The server's own writer, reached with no taker on the way: no
// explainerr above, nothing hidden, nothing to log.
func TestNoTakerAboveTheServersWriterIsNotAHandOverFailure(t *testing.T) {
	logged := recordHandOvers(t)
	rec := httptest.NewRecorder()
	if errorHandler(&fieldWriter{Writer: rec}, errSecret, nil) || logged.calls != 0 {
		t.Errorf("hand-over log called %d times; nothing hid a taker", logged.calls)
	}
}
