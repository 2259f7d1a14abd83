package explainerr

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/logcapture"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Middleware returns next wrapped so that its failures are caught and
// explained: panics (except http.ErrAbortHandler, which is re-panicked so
// that net/http aborts the response), errors returned by HandlerFunc
// handlers, and 5xx statuses the app writes itself. It fits chi's r.Use and
// plain net/http.
//
// A request that does not fail costs one small allocation (its
// ResponseWriter wrapper, never reused) and nothing else: who the client is
// is worked out only when the request fails. A 5xx response is held back
// for every client until then; one that may not see a report gets it as
// the app wrote it.
func (ex *Explainer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// The failure history, to the developer only (historyroutes.go).
		// Its paths start "/_": one byte tells almost every request that
		// it is not one, which measured faster than the full comparison.
		if p := r.URL.Path; len(p) > 1 && p[1] == '_' && isHistoryPath(p) && ex.serveHistory(rw, r) {
			return
		}
		// Who the client is, recorded before next can rewrite the request.
		e := entry{remote: r.RemoteAddr, host: r.Host}
		if ex.logs != nil {
			e.capture.logMark = logcapture.Mark() + 1
		}
		// The writer, allocated here: a call to a constructor measured
		// slower on the happy path.
		var w *writer
		if hasBody(r) {
			w = newWriterWithBody(rw, r, &e.capture)
		} else {
			w = &writer{ResponseWriter: rw}
		}
		w.fail = &ex.returned
		defer func() {
			v := recover()
			// From now on, calls from goroutines the handler left
			// running are dropped (gate.go).
			w.close()
			if v != nil || !w.fail.returned {
				ex.failed(w, r, &e, next, v)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// entry is what the middleware records of a request when it enters, kept on
// its stack until the request fails: r.RemoteAddr and r.Host as they were
// (a handler it wraps may rewrite them), and what the request logs and
// reads.
type entry struct {
	remote, host string
	capture      requestCapture
}

// failed reports the failure of r, whose handler next has returned or
// panicked (v), once w's gate has closed. A panic may have left no record:
// the one made here is not stored in w, whose record goroutines the
// handler left running may still read (late.go).
func (ex *Explainer) failed(w *writer, r *http.Request, e *entry, next http.Handler, v any) {
	f := w.fail
	if f.returned {
		f = &responseFailure{ex: ex}
	}
	f.capture, f.next = e.capture, next
	ex.finish(w, f, r, guard.Entered(e.remote, e.host), v)
}

// finish reports what went wrong with one request: a panic (v), an error a
// HandlerFunc returned, a 5xx status the app wrote, or one it wrote after
// the response had started, in that order of precedence. The methods it
// calls on the app's values (the panic value's or error's Error, String,
// Unwrap, Is) share one deadline (valuecalls.go).
func (ex *Explainer) finish(w *writer, f *responseFailure, r *http.Request, admit guard.Admission, v any) {
	logMisuse(r, f)
	calls := newValueCalls(ex.cfg.valueDeadline)
	defer calls.done()
	var rep *report.Report
	switch {
	case v != nil:
		if v == any(http.ErrAbortHandler) {
			panic(v)
		}
		// The message first: of what the calls give, the page needs it
		// most.
		msg := describe(v, calls)
		if isAbort(v, calls) {
			panic(v)
		}
		rep = ex.panicReport(v, msg, calls)
		rep.Error.Late = w.started()
	case f.handlerErr != nil:
		rep = ex.errorReport(f.handlerErr, calls)
		rep.Error.Late = w.started()
	case f.status != 0:
		rep = ex.statusReport(w)
	case f.late != nil:
		rep = ex.lateStatusReport(w)
	default:
		return
	}
	if rep.Error.Late && rep.Error.Kind != report.KindStatus {
		// The client got the status the app had already sent, not a 500.
		rep.Status = w.sentStatus()
	}
	noteHiddenBy(rep)
	ex.noteBlocked(rep, calls)
	ex.handleFailure(w, f, r, admit, rep)
}
