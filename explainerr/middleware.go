package explainerr

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Middleware returns next wrapped so that its failures are caught and
// explained: panics (except http.ErrAbortHandler, which is re-panicked so
// that net/http aborts the response), errors returned by HandlerFunc
// handlers, and 5xx statuses the app writes itself. It fits chi's r.Use and
// plain net/http.
//
// A request that does not fail costs one small allocation (its
// ResponseWriter wrapper, never reused) and nothing else.
func (ex *Explainer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// Who the client is, decided before next can rewrite the request.
		admit := ex.admit(r)
		w := &writer{ResponseWriter: rw, ex: ex, capture: ex.startCapture(r)}
		if !admit.ok() {
			// No page will replace the app's response: let it through.
			w.state = stPassThrough
		}
		// The deferred function reaches the verdict through a pointer, so
		// that it is not copied into the closure on every request.
		verdict := &admit
		defer func() {
			// From here on, calls from goroutines the handler left
			// running are dropped.
			w.done.Store(true)
			if v := recover(); v != nil || w.fail != nil || w.handlerErr != nil {
				ex.finish(w, r, *verdict, v)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// finish reports what went wrong with one request: a panic (v), an error a
// HandlerFunc returned, a 5xx status the app wrote, or one it wrote after
// the response had started, in that order of precedence.
func (ex *Explainer) finish(w *writer, r *http.Request, admit admission, v any) {
	if w.fail != nil {
		logMisuse(r, w.fail)
	}
	var rep *report.Report
	switch {
	case v != nil:
		if isAbort(v) {
			panic(v)
		}
		rep = ex.panicReport(v)
		rep.Error.Late = w.started()
	case w.handlerErr != nil:
		rep = ex.errorReport(w.handlerErr)
		rep.Error.Late = w.started()
	case w.fail.status != 0:
		rep = ex.statusReport(w)
	case w.fail.late != nil:
		rep = ex.lateStatusReport(w)
	default:
		return
	}
	noteHiddenBy(rep)
	ex.handleFailure(w, r, admit, rep)
}
