package explainerr

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
	if n := unsafe.Sizeof(writer{}); n > 32 {
		t.Errorf("writer is %d bytes, want at most 32", n)
	}
}

// TestReturnedMarkIsNeverChanged: every request's writer starts with the
// returned mark its Explainer shares; what a call records goes to a record
// of the request's own, before the handler returned and after, and the
// mark stays as it was.
func TestReturnedMarkIsNeverChanged(t *testing.T) {
	ex, err := New(WithProviderName("offline"), WithRAG(false), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer ex.Close()
	check := func(when string) {
		t.Helper()
		if m := &ex.returned; m.status != 0 || m.body != nil || m.handlerErr != nil || m.ex != ex || !m.returned {
			t.Errorf("%s: the returned mark changed: status %d, body %q, error %v", when, m.status, m.body, m.handlerErr)
		}
	}

	w := &writer{ResponseWriter: httptest.NewRecorder(), fail: &ex.returned}
	w.WriteHeader(http.StatusBadGateway)
	w.Write([]byte("while the handler runs"))
	w.TakeHandlerError(http.ErrHandlerTimeout, 0, nil)
	check("calls before the return")
	if w.fail == &ex.returned || w.fail.status != http.StatusBadGateway || w.fail.ex != ex {
		t.Errorf("the calls were not recorded in a record of the request's own: %+v", w.fail)
	}

	late := &writer{ResponseWriter: httptest.NewRecorder(), fail: &ex.returned}
	late.close()
	late.WriteHeader(http.StatusBadGateway)
	if _, err := late.Write([]byte("late")); err != errHandlerReturned {
		t.Errorf("a write after the return got %v", err)
	}
	late.TakeHandlerError(http.ErrHandlerTimeout, 0, nil)
	check("calls after the return")
	if late.fail != &ex.returned {
		t.Errorf("a call after the return made a record")
	}
}
