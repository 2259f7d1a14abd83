package respcapture

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"testing"
)

// TestBodyMessage: a held body becomes the failure's message: decoded
// when gzip-compressed, marked (not shown as bytes) in an encoding that is
// not decoded here, and marked when it was cut.
func TestBodyMessage(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("db down"))
	zw.Close()
	for _, c := range []struct {
		name     string
		body     []byte
		total    int
		encoding string
		want     string
	}{
		{"plain", []byte("db down"), 7, "", "db down"},
		{"gzip", gz.Bytes(), gz.Len(), "gzip", "db down"},
		{"brotli", []byte{0x1b, 0x02}, 2, "br", `(a 2-byte body in Content-Encoding "br", not shown)`},
		{"cut", []byte("db do"), 7, "", "db do… (body cut)"},
		{"not UTF-8", []byte("db\xffdown"), 7, "", "db\uFFFDdown"},
	} {
		h := http.Header{}
		if c.encoding != "" {
			h.Set("Content-Encoding", c.encoding)
		}
		if got := bodyMessage(c.body, c.total, h); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := bodyMessage([]byte("\x1f\x8bnot gzip"), 10, http.Header{"Content-Encoding": {"gzip"}}); !strings.Contains(got, "could not be decoded") {
		t.Errorf("a broken gzip body gave %q", got)
	}
}
