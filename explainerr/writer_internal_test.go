package explainerr

import (
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

// TestReturnedMarkIsNeverChanged: a goroutine the handler left running that
// races its return may find the returned mark every Explainer shares; what
// it records goes to a record of its own, and the mark stays as it was.
func TestReturnedMarkIsNeverChanged(t *testing.T) {
	ex, err := New(WithProviderName("offline"), WithRAG(false))
	if err != nil {
		t.Fatal(err)
	}
	defer ex.Close()
	w := &writer{ResponseWriter: httptest.NewRecorder()}
	w.fail = &ex.returned // the handler has returned; done is not set yet
	w.WriteHeader(http.StatusBadGateway)
	w.Write([]byte("late"))
	w.TakeHandlerError(http.ErrHandlerTimeout, 0, nil)
	if m := &ex.returned; m.status != 0 || m.body != nil || m.handlerErr != nil || m.ex != ex || !m.returned || m.warned.Load() {
		t.Errorf("the returned mark changed: status %d, body %q, error %v, warned %v", m.status, m.body, m.handlerErr, m.warned.Load())
	}
	if w.fail != &ex.returned {
		t.Errorf("the writer lost its returned mark")
	}
}
