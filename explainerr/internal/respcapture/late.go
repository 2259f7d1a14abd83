package respcapture

import "net/http"

// Late is a 5xx status written after the response had started: the
// client already has another status and part of the body.
type Late struct {
	Status int
	// PCs is the stack at its WriteHeader call.
	PCs []uintptr
	// Body holds up to maxCapturedBody bytes written after it.
	Body []byte
}

// Message returns the body written after the late status as its message,
// given the response's headers (h).
func (l *Late) Message(h http.Header) string { return bodyMessage(l.Body, len(l.Body), h) }

// lateStatus records the first 5xx status written after the response
// started; the body that follows is copied as its message.
func (w *Writer) lateStatus(code int) {
	f := w.record()
	if f.Late != nil {
		return
	}
	f.Late = &Late{Status: code, PCs: captureStatus()}
	w.state |= stLate
}
