package respcapture

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"unsafe"
)

// TestWriterFitsItsSizeClass: the writer is the one allocation of a request
// that does not fail; 32 bytes is the allocator's size class it is kept to.
func TestWriterFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(Writer{}); n > 32 {
		t.Errorf("Writer is %d bytes, want at most 32", n)
	}
}

// TestReturnedMarkIsNeverChanged: every request's writer starts with the
// returned mark its Owner shares; what a call records goes to a record of
// the request's own, before the handler returned and after, and the mark
// stays as it was.
func TestReturnedMarkIsNeverChanged(t *testing.T) {
	o := NewOwner(nil, slog.New(slog.DiscardHandler))
	check := func(when string) {
		t.Helper()
		if m := &o.returned; m.Status != 0 || m.Body != nil || m.HandlerError != nil || m.owner != o || !m.returned {
			t.Errorf("%s: the returned mark changed: status %d, body %q, error %v", when, m.Status, m.Body, m.HandlerError)
		}
	}

	w := o.Init(&Writer{}, httptest.NewRecorder())
	w.WriteHeader(http.StatusBadGateway)
	w.Write([]byte("while the handler runs"))
	w.TakeHandlerError(http.ErrHandlerTimeout, 0, nil)
	check("calls before the return")
	w.Close()
	if !w.Failed() || w.fail == &o.returned || w.Failure().Status != http.StatusBadGateway || w.Failure().owner != o {
		t.Errorf("the calls were not recorded in a record of the request's own: %+v", w.fail)
	}

	late := o.Init(&Writer{}, httptest.NewRecorder())
	late.Close()
	late.WriteHeader(http.StatusBadGateway)
	if _, err := late.Write([]byte("late")); err != errHandlerReturned {
		t.Errorf("a write after the return got %v", err)
	}
	late.TakeHandlerError(http.ErrHandlerTimeout, 0, nil)
	check("calls after the return")
	if late.fail != &o.returned || late.Failed() {
		t.Errorf("a call after the return made a record")
	}
	if f := late.Failure(); f == &o.returned || f.owner != o {
		t.Errorf("Failure of a request that recorded nothing gave %+v, want a new record of the same Owner", f)
	}
}

// TestHeldStatusIsReleasedOrDropped: a 5xx and its body are held back,
// not sent; Release sends them unchanged, DropHeld leaves the client's
// writer to the middleware.
func TestHeldStatusIsReleasedOrDropped(t *testing.T) {
	o := NewOwner(nil, slog.New(slog.DiscardHandler))
	for _, release := range []bool{true, false} {
		rec := httptest.NewRecorder()
		w := o.Init(&Writer{}, rec)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("db down"))
		w.Close()
		if !w.Held() || w.Started() || rec.Body.Len() != 0 {
			t.Fatalf("held %v, started %v, sent %q: want the 503 held back", w.Held(), w.Started(), rec.Body)
		}
		if got := w.Failure().Message(rec.Header()); got != "db down" {
			t.Errorf("message %q, want the body", got)
		}
		if release {
			w.Release()
			if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != "db down" || w.SentStatus() != http.StatusServiceUnavailable {
				t.Errorf("released %d %q (sent %d), want the app's 503 unchanged", rec.Code, rec.Body, w.SentStatus())
			}
			continue
		}
		w.DropHeld()
		if w.Held() || w.Started() || rec.Body.Len() != 0 {
			t.Errorf("after DropHeld: held %v, started %v, sent %q", w.Held(), w.Started(), rec.Body)
		}
	}
}

// TestLongBodyPassesThrough: a 5xx body longer than what is held is sent
// as the app wrote it, and the response has started.
func TestLongBodyPassesThrough(t *testing.T) {
	rec := httptest.NewRecorder()
	w := NewOwner(nil, slog.New(slog.DiscardHandler)).Init(&Writer{}, rec)
	w.WriteHeader(http.StatusInternalServerError)
	w.Write(make([]byte, maxCapturedBody))
	w.Write([]byte("x"))
	w.Close()
	f := w.Failure()
	if !f.Passed || !w.Started() || w.Held() || rec.Body.Len() != maxCapturedBody+1 || f.BodyLen != maxCapturedBody+1 {
		t.Errorf("passed %v, started %v, held %v, sent %d bytes, counted %d", f.Passed, w.Started(), w.Held(), rec.Body.Len(), f.BodyLen)
	}
}
