package explainerr

import "github.com/explainerr/explainerr/handler"

var _ handler.ErrorTaker = (*writer)(nil)

// TakeHandlerError records the first error a HandlerFunc returned under
// this writer; the middleware turns it into a report. It implements
// handler.ErrorTaker.
func (w *writer) TakeHandlerError(err error, fn uintptr, callers []uintptr) {
	if !w.enter() {
		return // a goroutine the handler left running: dropped
	}
	defer w.leave()
	if f := w.record(); f.handlerErr == nil {
		f.handlerErr = &handlerError{err: err, fn: fn, pcs: callers}
	}
}
