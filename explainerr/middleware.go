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
// ResponseWriter wrapper, never reused) and nothing else: who the client is
// is worked out only when the request fails.
func (ex *Explainer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// The failure history, to the developer only (historyroutes.go).
		// Its paths start "/_": one byte tells almost every request that
		// it is not one, which measured faster than the full comparison.
		if p := r.URL.Path; len(p) > 1 && p[1] == '_' && isHistoryPath(p) && ex.serveHistory(rw, r) {
			return
		}
		// Who the client is, recorded before next can rewrite the request.
		e := entry{remote: r.RemoteAddr, host: r.Host, next: next}
		w := ex.newWriter(rw, r, &e.capture)
		if !ex.mayReport(r, e.remote) {
			// No page will replace the app's response: let it through.
			w.state = stPassThrough
		}
		defer ex.end(w, r, &e)
		next.ServeHTTP(w, r)
	})
}

// entry is what the middleware records of a request when it enters, kept on
// its stack until the request fails: r.RemoteAddr and r.Host as they were
// (a handler it wraps may rewrite them), what the request logs and reads,
// and the handler it wraps.
type entry struct {
	remote, host string
	capture      requestCapture
	next         http.Handler
}

// end runs, deferred, when the handler of r has returned or panicked: from
// then on, calls from goroutines the handler left running are dropped, and
// a failure is reported.
func (ex *Explainer) end(w *writer, r *http.Request, e *entry) {
	w.done.Store(true)
	if v := recover(); v != nil || w.fail != nil || w.handlerErr != nil {
		rec := w.record()
		rec.capture, rec.next = e.capture, e.next
		ex.finish(w, r, admission{remote: e.remote, host: e.host}, v)
	}
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
