package explainerr

import (
	"bufio"
	"net"
	"net/http"
	"sync/atomic"
)

// maxCapturedBody bounds how much of a 5xx body is held back to be replaced
// by the page (and kept as the failure's message). A longer body is not
// replaced: what was held is sent, and the rest passes through unchanged.
const maxCapturedBody = 64 << 10

// Writer states: bits of writer.state.
const (
	// stStarted: a status or body bytes reached the client's writer (or the
	// connection was hijacked); no page may be written any more.
	stStarted uint8 = 1 << iota
	// stHijacked: the handler took the connection.
	stHijacked
	// stHeld: a 5xx status (and its body so far) is being held back.
	stHeld
	// stLate: a 5xx status came after the response had started; the body
	// that follows is copied (bounded) as the late failure's message.
	stLate
)

// writer wraps the handler's ResponseWriter for one request; it is allocated
// per request and never reused, so a goroutine the handler leaked cannot
// write into another request's response through it. Once the handler has
// returned, every call is dropped (gate.go, late.go). It is kept to 32
// bytes (a size class of the allocator): what is needed only once a request
// has failed lives on the middleware's stack (entry) or in failure.
//
// Everything passes through, except that a 5xx status is held back (with the
// stack at the WriteHeader call) together with the body that follows, so
// that the error page can replace them. Once the app flushes, hijacks,
// writes a non-5xx status or more than maxCapturedBody bytes of a 5xx body,
// the response has started and is never replaced.
type writer struct {
	http.ResponseWriter

	// fail is what went wrong: until the first sign of trouble, the
	// Explainer's returned mark (Explainer.returned), which nothing may
	// change and through which late calls are logged; then the request's
	// own record, made inside the gate. Once the gate has closed it is
	// never set again.
	fail *responseFailure
	// gate counts the calls in progress and is closed when the handler
	// returns (gate.go). state and sent are read and written only inside
	// the gate, or by the middleware once it has closed.
	gate  atomic.Uint32
	state uint8
	// sent is the status passed on to the client's writer by WriteHeader
	// or release; 0 when none was (an implicit 200, or none yet).
	sent uint16
}

// responseFailure is what the writer saw of a failing response. It is allocated on
// the first sign of trouble, so that a request that does not fail pays for
// none of it.
type responseFailure struct {
	// ex is the Explainer that serves the request; late calls are logged
	// through it (late.go). It is set when the record is made and never
	// changed.
	ex *Explainer
	// returned marks the one record every Explainer keeps for requests
	// that did not fail, which nothing may change (Explainer.returned).
	returned bool
	// handlerErr is set by HandlerFunc when its function returns an error.
	handlerErr *handlerError
	// status is the first 5xx status the app wrote before the response
	// started (held back, or released unchanged).
	status int
	// pcs is the stack at that WriteHeader call.
	pcs []uintptr
	// body holds up to maxCapturedBody bytes of the 5xx body; bodyLen
	// counts all of it.
	body    []byte
	bodyLen int
	// passed: the held response was sent unchanged because it grew beyond
	// what is held.
	passed bool
	// late is a 5xx status written after the response had started.
	late *lateStatus
	// misuse lists calls net/http would have logged ("superfluous
	// response.WriteHeader call"), to be logged naming the app's call site.
	misuse []misuse
	// capture is what the request logged and the body its handler read
	// (requestcapture.go), handed over when the request has failed.
	capture requestCapture
	// next is the handler the middleware wraps, asked for the route
	// pattern when the request does not carry it (request.go).
	next http.Handler
}

// record returns w's failure record, making it on first use. It is called
// only inside the gate.
func (w *writer) record() *responseFailure {
	if w.fail.returned {
		w.fail = &responseFailure{ex: w.fail.ex}
	}
	return w.fail
}

// Header returns the response headers (a throwaway set once the handler
// has returned). The map it returns is the response's own: a goroutine
// that keeps it past the handler's return changes the response in
// progress, which no wrapper can prevent (net/http has the same rule).
func (w *writer) Header() http.Header {
	if w.closed() {
		return http.Header{}
	}
	return w.ResponseWriter.Header()
}

// WriteHeader holds back a first 5xx status; any other status passes through.
func (w *writer) WriteHeader(code int) {
	if !w.enter() {
		w.afterReturn("WriteHeader")
		return
	}
	defer w.leave()
	if w.state != 0 || code >= 500 || w.fail.handlerErr != nil {
		w.writeHeaderSlow(code)
		return
	}
	w.ResponseWriter.WriteHeader(code)
	if code >= 200 {
		w.state = stStarted
		w.sent = uint16(code)
	}
}

func (w *writer) writeHeaderSlow(code int) {
	switch {
	case w.state&stHijacked != 0:
		w.misused(misuseHijackedHeader)
	case w.state&stHeld != 0:
		w.misused(misuseSuperfluous)
	case w.state&stStarted != 0:
		if code >= 500 && code <= 599 {
			w.lateStatus(code)
		}
		// Not forwarded: net/http would name this wrapper as the caller.
		w.misused(misuseSuperfluous)
	case code >= 200 && code < 500 && w.fail.handlerErr != nil:
		// A framework's own status for a response its handler left
		// unwritten, after the handler's error was handed over (gin writes
		// 200 when a handler mounted with gin.WrapH wrote nothing): the
		// report answers instead.
	case code >= 500 && code <= 599:
		f := w.record()
		f.status = code
		f.pcs = captureStatus()
		w.state |= stHeld
	default:
		w.ResponseWriter.WriteHeader(code)
		if code >= 200 {
			w.state |= stStarted
			w.sent = uint16(code)
		}
	}
}

// Write buffers the body of a held 5xx response, else passes through.
func (w *writer) Write(p []byte) (int, error) {
	if !w.enter() {
		w.afterReturn("Write")
		return 0, errHandlerReturned
	}
	defer w.leave()
	if w.state&^stStarted != 0 || w.fail.handlerErr != nil {
		return w.writeSlow(p)
	}
	w.state = stStarted
	return w.ResponseWriter.Write(p)
}

func (w *writer) writeSlow(p []byte) (int, error) {
	switch {
	case w.state&stHijacked != 0:
		if len(p) > 0 {
			w.misused(misuseHijackedWrite)
		}
		return 0, http.ErrHijacked
	case w.state&stHeld != 0:
		f := w.fail
		if len(f.body)+len(p) > maxCapturedBody {
			// Too long to hold: send the app's response as it is.
			f.bodyLen += len(p)
			f.passed = true
			w.release()
			return w.ResponseWriter.Write(p)
		}
		f.body = append(f.body, p...)
		f.bodyLen += len(p)
		return len(p), nil
	case w.state&stLate != 0:
		l := w.fail.late
		l.body = appendBounded(l.body, p)
	case len(p) == 0 && w.state&stStarted == 0 && w.fail.handlerErr != nil:
		// A buffering middleware flushing the empty body its handler left
		// after the handler's error was handed over: the report answers.
		return 0, nil
	}
	w.state |= stStarted
	return w.ResponseWriter.Write(p)
}

// Flush sends what was written so far. Flushing a held 5xx response sends it
// as the app wrote it: the app has chosen to stream its error.
func (w *writer) Flush() {
	if !w.enter() {
		w.afterReturn("Flush")
		return
	}
	defer w.leave()
	if w.state&stHeld != 0 {
		w.release()
	}
	w.state |= stStarted
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// release sends a held 5xx status and its body unchanged.
func (w *writer) release() {
	f := w.fail
	w.state &^= stHeld
	w.state |= stStarted
	w.sent = uint16(f.status)
	w.ResponseWriter.WriteHeader(f.status)
	if len(f.body) > 0 {
		w.ResponseWriter.Write(f.body)
	}
}

// Hijack hands the connection to the handler; no page is written after it.
func (w *writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if !w.enter() {
		w.afterReturn("Hijack")
		return nil, nil, errHandlerReturned
	}
	defer w.leave()
	conn, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err == nil {
		w.state = stStarted | stHijacked
	}
	return conn, rw, err
}

// Unwrap returns the wrapped ResponseWriter, for http.ResponseController;
// nil once the handler has returned.
func (w *writer) Unwrap() http.ResponseWriter {
	if w.closed() {
		w.afterReturn("Unwrap")
		return nil
	}
	return w.ResponseWriter
}

// appendBounded appends to dst what fits of p within maxCapturedBody bytes.
func appendBounded(dst, p []byte) []byte {
	if room := maxCapturedBody - len(dst); room > 0 {
		dst = append(dst, p[:min(room, len(p))]...)
	}
	return dst
}

// started reports whether the response has reached the client's writer.
func (w *writer) started() bool { return w.state&stStarted != 0 }

// sentStatus is the status the client got once the response started: the
// one passed on, else the implicit 200 of a body or flush without one; 0
// when the response has not started or the handler took the connection.
func (w *writer) sentStatus() int {
	switch {
	case !w.started() || w.state&stHijacked != 0:
		return 0
	case w.sent != 0:
		return int(w.sent)
	default:
		return http.StatusOK
	}
}

// held reports whether a 5xx response is being held back.
func (w *writer) held() bool { return w.state&stHeld != 0 }
