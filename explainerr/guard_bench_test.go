package explainerr_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
)

// browserRequest is a request as a browser on this machine sends it to a
// server on a loopback interface: the headers a page load carries, and the
// local address net/http records.
func browserRequest(remote string, local *net.TCPAddr) *http.Request {
	req := httptest.NewRequest("GET", "http://localhost:8080/posts/1", nil)
	req.RemoteAddr = remote
	for k, v := range map[string]string{
		"Accept":                    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
		"Accept-Encoding":           "gzip, deflate, br, zstd",
		"Accept-Language":           "en-GB,en;q=0.9",
		"Cache-Control":             "max-age=0",
		"Connection":                "keep-alive",
		"Cookie":                    "theme=dark; session=abc",
		"Sec-Fetch-Dest":            "document",
		"Sec-Fetch-Mode":            "navigate",
		"Sec-Fetch-Site":            "same-origin",
		"Sec-Fetch-User":            "?1",
		"Upgrade-Insecure-Requests": "1",
		"User-Agent":                "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
	} {
		req.Header.Set(k, v)
	}
	return req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, local))
}

// BenchmarkGuardHappyPath measures a request that does not fail, with the
// headers of a browser page load, through the middleware: the guard records
// RemoteAddr and Host on every request and looks at the connection's local
// address only when RemoteAddr does not read as loopback (the remote peer);
// the rest of its verdict waits until a request fails.
func BenchmarkGuardHappyPath(b *testing.B) {
	cases := []struct {
		name string
		req  *http.Request
		opts []explainerr.Option
	}{
		{"loopback browser", browserRequest("127.0.0.1:51000", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}), nil},
		{"remote peer", browserRequest("192.0.2.10:51000", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 8080}), nil},
		{"trusted proxy", func() *http.Request {
			r := browserRequest("127.0.0.1:51000", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
			r.Header.Set("X-Forwarded-For", "127.0.0.1")
			return r
		}(), []explainerr.Option{explainerr.WithTrustedProxies("127.0.0.1")}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			h := benchExplainer(b, c.opts...).Middleware(http.HandlerFunc(okHandler))
			w := newDiscardWriter()
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				h.ServeHTTP(w, c.req)
			}
			if w.status != http.StatusOK {
				b.Fatalf("status %d", w.status)
			}
		})
	}
}
