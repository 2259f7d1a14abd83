package explainerr

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// stringTaker is a client's writer that takes strings, as net/http's
// does, and fails the test when given bytes instead.
type stringTaker struct {
	*httptest.ResponseRecorder
	t       *testing.T
	strings int
}

func (s *stringTaker) Write(b []byte) (int, error) {
	s.t.Error("the page was copied into bytes for a writer that takes strings")
	return s.ResponseRecorder.Write(b)
}

func (s *stringTaker) WriteString(str string) (int, error) {
	s.strings++
	return s.ResponseRecorder.WriteString(str)
}

// TestPageWriterHandsStringsThrough: a page written as a string reaches a
// client's writer that takes strings as a string, and counts as written.
func TestPageWriterHandsStringsThrough(t *testing.T) {
	client := &stringTaker{ResponseRecorder: httptest.NewRecorder(), t: t}
	var w http.ResponseWriter = &pageWriter{ResponseWriter: client}
	sw, ok := w.(interface{ WriteString(string) (int, error) })
	if !ok {
		t.Fatal("pageWriter takes no strings")
	}
	if n, err := sw.WriteString("<!doctype html>"); n != 15 || err != nil {
		t.Fatalf("WriteString = %d, %v", n, err)
	}
	if client.strings != 1 || client.Body.String() != "<!doctype html>" {
		t.Errorf("the client's writer got %d strings, body %q", client.strings, client.Body.String())
	}
	if !w.(*pageWriter).wroteHeader {
		t.Error("a string written does not count as the response started")
	}
}
