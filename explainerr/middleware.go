package explainerr

import "net/http"

// Middleware returns next wrapped so that its failures are caught and
// explained: panics (except http.ErrAbortHandler, which is re-panicked so
// that net/http aborts the response), errors returned by HandlerFunc
// handlers, and 5xx statuses the app writes itself. It fits chi's r.Use and
// plain net/http.
//
// A request that does not fail costs one pooled wrapper and nothing else.
func (ex *Explainer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w := ex.getWriter(rw)
		defer func() {
			if v := recover(); v != nil {
				if isAbort(v) {
					panic(v)
				}
				ex.handleFailure(w, r, ex.panicReport(v))
			} else if w.handlerErr != nil {
				ex.handleFailure(w, r, ex.errorReport(w.handlerErr))
			} else if w.heldStatus != 0 {
				ex.handleFailure(w, r, ex.statusReport(w))
			}
			ex.putWriter(w)
		}()
		next.ServeHTTP(w, r)
	})
}

func (ex *Explainer) getWriter(rw http.ResponseWriter) *writer {
	// Writers in the pool were reset when they were put back.
	w, _ := ex.writers.Get().(*writer)
	if w == nil {
		w = new(writer)
	}
	w.ResponseWriter = rw
	return w
}

func (ex *Explainer) putWriter(w *writer) {
	w.reset(nil)
	ex.writers.Put(w)
}
