package explainerr

import (
	"bufio"
	"net"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// maxCapturedBody bounds how much of a 5xx body is kept as the message.
const maxCapturedBody = 64 << 10

// writer wraps the handler's ResponseWriter. It passes everything through,
// except that a 5xx status is held back (with the stack at the WriteHeader
// call) together with the body that follows, so that the error page can
// replace them. Once the app flushes, hijacks, or writes a non-5xx status,
// the response has started and is never replaced.
type writer struct {
	http.ResponseWriter

	// wroteHeader: a status line has been sent to the underlying writer.
	wroteHeader bool
	// started: bytes or a status reached the client side (or the
	// connection was hijacked); no page may be written any more.
	started  bool
	hijacked bool

	// held: a 5xx status is being held back. heldStatus stays set after
	// the held response is released, so that the failure is still reported.
	held       bool
	heldStatus int
	heldPCs    []uintptr
	// body holds up to maxCapturedBody bytes of a held response; it is
	// allocated on the first held write, so a request that does not fail
	// never touches it.
	body    []byte
	bodyLen int

	// handlerErr is set by HandlerFunc when its function returns an error.
	handlerErr *handlerError
}

// reset makes w a fresh wrapper of rw (nil when it goes back to the pool).
// A single struct assignment: the happy path pays for nothing else.
func (w *writer) reset(rw http.ResponseWriter) {
	*w = writer{ResponseWriter: rw}
}

// WriteHeader holds back a first 5xx status; any other status passes through.
func (w *writer) WriteHeader(code int) {
	if w.held || w.wroteHeader || w.hijacked {
		if !w.held {
			w.ResponseWriter.WriteHeader(code) // let net/http report the superfluous call
		}
		return
	}
	if code >= 500 && code <= 599 {
		w.held = true
		w.heldStatus = code
		w.heldPCs = stack.Capture(1)
		return
	}
	w.ResponseWriter.WriteHeader(code)
	if code >= 200 {
		w.wroteHeader, w.started = true, true
	}
}

// Write buffers the body of a held 5xx response, else passes through.
func (w *writer) Write(p []byte) (int, error) {
	if w.held {
		w.bodyLen += len(p)
		if room := maxCapturedBody - len(w.body); room > 0 {
			w.body = append(w.body, p[:min(room, len(p))]...)
		}
		return len(p), nil
	}
	if !w.wroteHeader {
		w.wroteHeader, w.started = true, true
	}
	return w.ResponseWriter.Write(p)
}

// Flush sends what was written so far. Flushing a held 5xx response sends it
// as the app wrote it: the app has chosen to stream its error.
func (w *writer) Flush() {
	if w.held {
		w.release()
	}
	w.wroteHeader, w.started = true, true
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// release sends a held 5xx status and its body unchanged.
func (w *writer) release() {
	w.held = false
	w.ResponseWriter.WriteHeader(w.heldStatus)
	w.wroteHeader, w.started = true, true
	if len(w.body) > 0 {
		w.ResponseWriter.Write(w.body)
	}
}

// Hijack hands the connection to the handler; no page is written after it.
func (w *writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err == nil {
		w.hijacked, w.started = true, true
		w.held = false
	}
	return conn, rw, err
}

// Unwrap returns the wrapped ResponseWriter, for http.ResponseController.
func (w *writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// heldMessage returns the held body as the failure message.
func (w *writer) heldMessage() string {
	msg := string(w.body)
	if w.bodyLen > len(w.body) {
		msg += "… (body cut)"
	}
	return msg
}

// failureSink finds the explainerr writer under rw (through Unwrap chains of
// other middleware's wrappers), or nil when there is none.
func failureSink(rw http.ResponseWriter) *writer {
	for i := 0; i < 16 && rw != nil; i++ {
		if w, ok := rw.(*writer); ok {
			return w
		}
		u, ok := rw.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		rw = u.Unwrap()
	}
	return nil
}
