package respcapture

import "github.com/explainerr/explainerr/handler"

var _ handler.ErrorTaker = (*Writer)(nil)

// TakeHandlerError records the first error a HandlerFunc returned under
// this writer; the middleware turns it into a report. It implements
// handler.ErrorTaker.
func (w *Writer) TakeHandlerError(err error, fn uintptr, callers []uintptr) {
	if !w.Enter() {
		return // a goroutine the handler left running: dropped
	}
	defer w.Leave()
	if f := w.record(); f.HandlerError == nil {
		f.HandlerError = &HandlerError{Err: err, Fn: fn, PCs: callers}
	}
}
