package explainerr_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/handler"
)

// hidingWriter is a third party's response writer that keeps the writer it
// wraps in an unexported field and has no Unwrap method.
type hidingWriter struct{ w http.ResponseWriter }

func (h *hidingWriter) Header() http.Header         { return h.w.Header() }
func (h *hidingWriter) Write(b []byte) (int, error) { return h.w.Write(b) }
func (h *hidingWriter) WriteHeader(code int)        { h.w.WriteHeader(code) }

// handOverRecords returns the records of the default logger that say an
// error could not be handed over.
func handOverRecords(t *testing.T, lb *logBuffer) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for line := range strings.Lines(lb.String()) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if msg, _ := rec["msg"].(string); strings.HasPrefix(msg, "explainerr could not take the error") {
			recs = append(recs, rec)
		}
	}
	return recs
}

// An error handler hands an error over (handler.Fail) under a wrapper that
// hides explainerr's writer: Fail says it could not, the error handler
// answers its own 500, which explainerr reports, and one log line names
// the wrapper and keeps the error, its secret hidden.
func TestAnErrorAWrapperKeptFromExplainerrIsLoggedWithTheWrapper(t *testing.T) {
	lb := captureDefaultLog(t)
	ex := newExplainer(t)
	errorHandler := func(w http.ResponseWriter, err error) {
		if !handler.Fail(w, err, nil) {
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		errorHandler(&hidingWriter{w}, errors.New("charging the card: api key sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c rejected"))
	})
	rec := get(ex.Middleware(app), http.MethodGet, "/checkout", "application/json")
	rep := decodeReport(t, rec)
	if rep.Error.Kind != report.KindStatus || strings.TrimSpace(rep.Error.Message) != "internal error" {
		t.Errorf("error %+v, want the 500 the error handler wrote itself", rep.Error)
	}
	recs := handOverRecords(t, lb)
	if len(recs) != 1 {
		t.Fatalf("%d hand-over records in %s, want 1", len(recs), lb)
	}
	if recs[0]["hidden_by"] != "*explainerr_test.hidingWriter" || !strings.Contains(recs[0]["msg"].(string), "*explainerr_test.hidingWriter has no Unwrap() http.ResponseWriter method") {
		t.Errorf("record %v does not name the wrapper", recs[0])
	}
	if msg, _ := recs[0]["error"].(string); !strings.HasPrefix(msg, "charging the card: api key ") || strings.Contains(msg, "4f9a8b7c6d5e") {
		t.Errorf("logged error %q: want the error with its secret hidden", msg)
	}
}

// A HandlerFunc under http.TimeoutHandler, inside explainerr: the error's
// log line names TimeoutHandler's writer, with the request.
func TestAFuncsErrorUnderTimeoutHandlerIsLoggedWithTheWrapper(t *testing.T) {
	lb := captureDefaultLog(t)
	ex := newExplainer(t)
	h := explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("loading the draft: no rows")
	})
	rec := get(ex.Middleware(http.TimeoutHandler(h, time.Minute, "timed out")), http.MethodGet, "/drafts/4", "application/json")
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("status %d, want 500", rec.Code)
	}
	recs := handOverRecords(t, lb)
	if len(recs) != 1 || recs[0]["hidden_by"] != "*http.timeoutWriter" || recs[0]["path"] != "/drafts/4" ||
		recs[0]["error"] != "loading the draft: no rows" {
		t.Errorf("hand-over records %v, want one naming *http.timeoutWriter with the request and the error", recs)
	}
}

// Frameworks answer for a handler that wrote nothing, after its error was
// handed over: gin writes 200, a buffering middleware flushes an empty
// body. The report answers instead, and the failure is not late.
func TestAFrameworksAnswerAfterAHandedOverErrorGivesWayToTheReport(t *testing.T) {
	ex := newExplainer(t)
	for name, answer := range map[string]func(w http.ResponseWriter){
		"status":     func(w http.ResponseWriter) { w.WriteHeader(http.StatusOK) },
		"empty body": func(w http.ResponseWriter) { w.Write(nil) },
		"both":       func(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent); w.Write([]byte{}) },
	} {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !handler.Fail(w, errors.New("exports are switched off"), nil) {
				t.Errorf("%s: Fail found no taker", name)
			}
			answer(w)
		})
		rec := get(ex.Middleware(h), http.MethodGet, "/exports", "application/json")
		rep := decodeReport(t, rec)
		if rec.Code != http.StatusInternalServerError || rep.Error.Kind != report.KindError || rep.Error.Late {
			t.Errorf("%s: status %d, error %+v, want the handed-over error's report", name, rec.Code, rep.Error)
		}
	}
	// A body is the app's answer: the response has started, and the
	// error is a late one.
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.Fail(w, errors.New("exports are switched off"), nil)
		w.Write([]byte("partial"))
	})
	if rec := get(ex.Middleware(h), http.MethodGet, "/exports", "application/json"); rec.Code != http.StatusOK || rec.Body.String() != "partial" {
		t.Errorf("status %d, body %q, want the body the app wrote", rec.Code, rec.Body)
	}
}

// Once New has run, a HandlerFunc that fails where no middleware takes its
// error logs it through explainerr (New installs the handler package's
// logs): the client gets a plain 500, and the log keeps the error with its
// secret hidden.
func TestNewInstallsTheLogOfAnErrorNoMiddlewareTook(t *testing.T) {
	lb := captureDefaultLog(t)
	newExplainer(t)
	h := explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("charging the card: api key sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c rejected")
	})
	rec := get(h, http.MethodGet, "/checkout", "application/json")
	if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "charging") {
		t.Errorf("status %d, body %q: want a plain 500 that says nothing about the error", rec.Code, rec.Body)
	}
	var logged map[string]any
	for line := range strings.Lines(lb.String()) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err == nil && rec["msg"] == "handler returned an error" {
			logged = rec
		}
	}
	msg, _ := logged["error"].(string)
	if logged["path"] != "/checkout" || !strings.HasPrefix(msg, "charging the card: api key ") || strings.Contains(msg, "4f9a8b7c6d5e") {
		t.Errorf("logged %v: want the error with its path and its secret hidden", logged)
	}
}
