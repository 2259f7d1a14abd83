package respcapture

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

// Writer states: bits of Writer.state.
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

// Writer wraps the handler's ResponseWriter for one request; it is allocated
// per request and never reused, so a goroutine the handler leaked cannot
// write into another request's response through it. Once the handler has
// returned, every call is dropped (gate.go, afterreturn.go). It is kept to 32
// bytes (a size class of the allocator): what is needed only once a request
// has failed lives on the middleware's stack or in its Failure.
//
// Everything passes through, except that a 5xx status is held back (with the
// stack at the WriteHeader call) together with the body that follows, so
// that the error page can replace them. Once the app flushes, hijacks,
// writes a non-5xx status or more than maxCapturedBody bytes of a 5xx body,
// the response has started and is never replaced.
type Writer struct {
	http.ResponseWriter

	// fail is what went wrong: until the first sign of trouble, the
	// Owner's returned mark, which nothing may change and through which
	// late calls are logged; then the request's own record, made inside
	// the gate. Once the gate has closed it is never set again.
	fail *Failure
	// gate counts the calls in progress and is closed when the handler
	// returns (gate.go). state and sent are read and written only inside
	// the gate, or by the middleware once it has closed.
	gate  atomic.Uint32
	state uint8
	// sent is the status passed on to the client's writer by WriteHeader
	// or release; 0 when none was (an implicit 200, or none yet).
	sent uint16
}

// Header returns the response headers (a throwaway set once the handler
// has returned). The map it returns is the response's own: a goroutine
// that keeps it past the handler's return changes the response in
// progress, which no wrapper can prevent (net/http has the same rule).
func (w *Writer) Header() http.Header {
	if w.closed() {
		return http.Header{}
	}
	return w.ResponseWriter.Header()
}

// WriteHeader holds back a first 5xx status; any other status passes through.
func (w *Writer) WriteHeader(code int) {
	if !w.Enter() {
		w.afterReturn("WriteHeader")
		return
	}
	defer w.Leave()
	if w.state != 0 || code >= 500 || w.fail.HandlerError != nil {
		w.writeHeaderSlow(code)
		return
	}
	w.ResponseWriter.WriteHeader(code)
	if code >= 200 {
		w.state = stStarted
		w.sent = uint16(code)
	}
}

func (w *Writer) writeHeaderSlow(code int) {
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
	case code >= 200 && code < 500 && w.fail.HandlerError != nil:
		// A framework's own status for a response its handler left
		// unwritten, after the handler's error was handed over (gin writes
		// 200 when a handler mounted with gin.WrapH wrote nothing): the
		// report answers instead.
	case code >= 500 && code <= 599:
		f := w.record()
		f.Status = code
		f.PCs = captureStatus()
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
func (w *Writer) Write(p []byte) (int, error) {
	if !w.Enter() {
		w.afterReturn("Write")
		return 0, errHandlerReturned
	}
	defer w.Leave()
	if w.state&^stStarted != 0 || w.fail.HandlerError != nil {
		return w.writeSlow(p)
	}
	w.state = stStarted
	return w.ResponseWriter.Write(p)
}

func (w *Writer) writeSlow(p []byte) (int, error) {
	switch {
	case w.state&stHijacked != 0:
		if len(p) > 0 {
			w.misused(misuseHijackedWrite)
		}
		return 0, http.ErrHijacked
	case w.state&stHeld != 0:
		f := w.fail
		if len(f.Body)+len(p) > maxCapturedBody {
			// Too long to hold: send the app's response as it is.
			f.BodyLen += len(p)
			f.Passed = true
			w.Release()
			return w.ResponseWriter.Write(p)
		}
		f.Body = append(f.Body, p...)
		f.BodyLen += len(p)
		return len(p), nil
	case w.state&stLate != 0:
		l := w.fail.Late
		l.Body = appendBounded(l.Body, p)
	case len(p) == 0 && w.state&stStarted == 0 && w.fail.HandlerError != nil:
		// A buffering middleware flushing the empty body its handler left
		// after the handler's error was handed over: the report answers.
		return 0, nil
	}
	w.state |= stStarted
	return w.ResponseWriter.Write(p)
}

// Flush sends what was written so far. Flushing a held 5xx response sends it
// as the app wrote it: the app has chosen to stream its error.
func (w *Writer) Flush() {
	if !w.Enter() {
		w.afterReturn("Flush")
		return
	}
	defer w.Leave()
	if w.state&stHeld != 0 {
		w.Release()
	}
	w.state |= stStarted
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Release sends a held 5xx status and its body unchanged. The middleware
// calls it once the Writer is closed, for a client that gets the app's
// own response.
func (w *Writer) Release() {
	f := w.fail
	w.state &^= stHeld
	w.state |= stStarted
	w.sent = uint16(f.Status)
	w.ResponseWriter.WriteHeader(f.Status)
	if len(f.Body) > 0 {
		w.ResponseWriter.Write(f.Body)
	}
}

// Hijack hands the connection to the handler; no page is written after it.
func (w *Writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if !w.Enter() {
		w.afterReturn("Hijack")
		return nil, nil, errHandlerReturned
	}
	defer w.Leave()
	conn, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err == nil {
		w.state = stStarted | stHijacked
	}
	return conn, rw, err
}

// Unwrap returns the wrapped ResponseWriter, for http.ResponseController;
// nil once the handler has returned.
func (w *Writer) Unwrap() http.ResponseWriter {
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

// Started reports whether the response has reached the client's writer.
func (w *Writer) Started() bool { return w.state&stStarted != 0 }

// SentStatus is the status the client got once the response started: the
// one passed on, else the implicit 200 of a body or flush without one; 0
// when the response has not started or the handler took the connection.
func (w *Writer) SentStatus() int {
	switch {
	case !w.Started() || w.state&stHijacked != 0:
		return 0
	case w.sent != 0:
		return int(w.sent)
	default:
		return http.StatusOK
	}
}

// Held reports whether a 5xx response is being held back.
func (w *Writer) Held() bool { return w.state&stHeld != 0 }

// DropHeld gives up the held 5xx response: the middleware answers in its
// place, once the Writer is closed.
func (w *Writer) DropHeld() { w.state &^= stHeld }
