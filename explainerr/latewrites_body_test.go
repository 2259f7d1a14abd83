package explainerr_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestLateBodyReadIsNotRecorded: a goroutine the failing handler left
// running reads the rest of the request body while the middleware reports
// what the handler read. It gets the bytes, but they are recorded only if
// read before the handler returned, and the recorder is never shared
// unsynchronised (the race detector checks this under go test -race).
func TestLateBodyReadIsNotRecorded(t *testing.T) {
	const body = "first part|rest of the body"
	lateRead := make(chan string, 1)
	h := newExplainer(t).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		head := make([]byte, len("first part"))
		io.ReadFull(r.Body, head)
		http.Error(w, "upstream down", http.StatusBadGateway)
		go func() {
			rest, _ := io.ReadAll(r.Body)
			lateRead <- string(rest)
		}()
	}))
	req := httptest.NewRequest("POST", "/orders", strings.NewReader(body))
	req.RemoteAddr = "127.0.0.1:50000"
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	select {
	case rest := <-lateRead:
		if rest != "|rest of the body" {
			t.Errorf("the late read got %q", rest)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the late read did not finish")
	}
	rep := decodeReport(t, rec)
	if got := rep.Request.Body; !strings.HasPrefix(got, "first part") || !strings.HasPrefix(body, got) {
		t.Errorf("the report's body is %q, want what the handler read of %q", got, body)
	}
}
