package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/historyhttp"
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
//
// It is never inlined: it runs once per app start, and inlined it would
// make every app's main package compile its closures again.
//
//go:noinline
func (ex *Explainer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// The failure history, to the developer only (package
		// internal/historyhttp). Its paths start "/_": one byte tells
		// almost every request that it is not one, which measured faster
		// than the full comparison.
		if p := r.URL.Path; len(p) > 1 && p[1] == '_' && historyhttp.IsPath(p) && ex.historyServer.Serve(rw, r) {
			return
		}
		// Who the client is, recorded before next can rewrite the request.
		e := entry{remote: r.RemoteAddr, host: r.Host}
		if ex.logs != nil {
			e.capture.logMark = logcapture.Mark() + 1
		}
		// The writer, allocated here (Owner.Init is inlined): a call to
		// a constructor measured slower on the happy path.
		var w *respcapture.Writer
		if hasBody(r) {
			w = newWriterWithBody(ex.responses, rw, r, &e.capture)
		} else {
			w = ex.responses.Init(new(respcapture.Writer), rw)
		}
		defer func() {
			v := recover()
			// From now on, calls from goroutines the handler left
			// running are dropped (respcapture's gate).
			w.Close()
			if v != nil || w.Failed() {
				e.next = next
				ex.finish(w, w.Failure(), r, &e, v)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// entry is what the middleware records of a request when it enters, kept on
// its stack until the request fails: r.RemoteAddr and r.Host as they were
// (a handler it wraps may rewrite them), and what the request logs and
// reads; next, the handler the middleware wraps, is set when the request
// fails, to be asked for the route pattern when the request does not
// carry it (request.go).
type entry struct {
	remote, host string
	capture      requestCapture
	next         http.Handler
}

// finish reports what went wrong with one request, once w is closed: a
// panic (v), an error a HandlerFunc returned, a 5xx status the app wrote,
// or one it wrote after the response had started, in that order of
// precedence; f is w's record, e what the middleware recorded. The methods it
// calls on the app's values (the panic value's or error's Error, String,
// Unwrap, Is) share one deadline (valuecalls.go).
func (ex *Explainer) finish(w *respcapture.Writer, f *respcapture.Failure, r *http.Request, e *entry, v any) {
	f.LogMisuse(r)
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
		rep.Error.Late = w.Started()
	case f.HandlerError != nil:
		rep = ex.errorReport(f.HandlerError, calls)
		rep.Error.Late = w.Started()
	case f.Status != 0:
		rep = ex.statusReport(f, w.ResponseWriter.Header())
	case f.Late != nil:
		rep = ex.lateStatusReport(f.Late, w.ResponseWriter.Header())
	default:
		return
	}
	if rep.Error.Late && rep.Error.Kind != report.KindStatus {
		// The client got the status the app had already sent, not a 500.
		rep.Status = w.SentStatus()
	}
	respcapture.NoteHiddenBy(rep)
	ex.noteBlocked(rep, calls)
	ex.handleFailure(w, r, e, guard.Entered(e.remote, e.host), rep)
}
