package explainerr

import "github.com/explainerr/explainerr/handler"

var _ handler.ErrorTaker = (*writer)(nil)

// TakeHandlerError records the first error a HandlerFunc returned under
// this writer; the middleware turns it into a report. It implements
// handler.ErrorTaker.
func (w *writer) TakeHandlerError(err error, fn uintptr, callers []uintptr) {
	if w.handlerErr == nil {
		w.handlerErr = &handlerError{err: err, fn: fn, pcs: callers}
	}
}
