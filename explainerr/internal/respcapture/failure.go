package respcapture

import "net/http"

// Failure is what a Writer saw of a failing response. It is made on the
// first sign of trouble, so that a request that does not fail pays for
// none of it, and is read by the middleware only once the Writer is
// closed; its fields are the Writer's to set.
type Failure struct {
	// owner is the Owner of the writer that made the record; late calls
	// are logged through it.
	owner *Owner
	// returned marks the Owner's shared record of requests that did not
	// fail, which nothing may change.
	returned bool

	// HandlerError is the first error a handler.Func returned (or
	// handler.Fail handed over) under the Writer.
	HandlerError *HandlerError
	// Status is the first 5xx status the app wrote before the response
	// started (held back, or released unchanged).
	Status int
	// PCs is the stack at that WriteHeader call.
	PCs []uintptr
	// Body holds up to 64 KiB of the 5xx body; BodyLen counts all
	// of it.
	Body    []byte
	BodyLen int
	// Passed: the held response was sent unchanged because it grew beyond
	// what is held.
	Passed bool
	// Late is a 5xx status written after the response had started.
	Late *Late
	// misuse lists calls net/http would have logged, to be logged naming
	// the app's call site (LogMisuse).
	misuse []misuse
}

// HandlerError is an error a handler returned, with where it came from.
type HandlerError struct {
	Err error
	// Fn is the entry of the handler function; 0 when the error was
	// handed over without it (handler.Fail from an error handler).
	Fn uintptr
	// PCs is the stack of the adapter's ServeHTTP (or of Fail's caller).
	PCs []uintptr
}

// Failed reports whether anything was recorded for w's request: a closed
// Writer whose request did not fail still points at its Owner's mark.
func (w *Writer) Failed() bool { return !w.fail.returned }

// Failure returns the record of w's request, which is closed: the one its
// calls made, or, when none did (a panic), a new one, not stored in w,
// whose record goroutines the handler left running may still read.
func (w *Writer) Failure() *Failure {
	if w.fail.returned {
		return &Failure{owner: w.fail.owner}
	}
	return w.fail
}

// Message returns the held body as the failure's message, given the
// response's headers (h): see message.go.
func (f *Failure) Message(h http.Header) string { return bodyMessage(f.Body, f.BodyLen, h) }

// record returns w's failure record, making it on first use. It is called
// only inside the gate.
func (w *Writer) record() *Failure {
	if w.fail.returned {
		w.fail = &Failure{owner: w.fail.owner}
	}
	return w.fail
}
