//lint:file-ignore SA1019 chi's RealIP is deprecated as spoofable; apps still use it, so the guard is tested under it.

package explainerr_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// TestRewrittenAddressGetsTheAppsOwnError sends a 5xx response from a
// remote client whose RemoteAddr RealIP, in front of explainerr, rewrote
// from a header to a loopback address. On entry the guard takes a RemoteAddr
// that reads as loopback at its word, but only to hold the response back;
// when the request fails it looks at the connection and refuses, so the
// client gets the app's own response, status, headers and body unchanged.
func TestRewrittenAddressGetsTheAppsOwnError(t *testing.T) {
	ex := newExplainer(t)
	r := chi.NewRouter()
	r.Use(middleware.RealIP, ex.Middleware)
	const appBody = "database unavailable: dial tcp 10.0.0.5:5432: connection refused\n"
	r.Get("/posts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-App", "kept")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, appBody)
	})
	srv := httptest.NewUnstartedServer(r)
	srv.Listener = remoteListener{srv.Listener}
	srv.Start()
	defer srv.Close()

	for _, h := range []string{"X-Forwarded-For", "X-Real-IP"} {
		// 127.0.0.1 reads as loopback (held, then released); ::1, without
		// brackets and port, does not (passed through at once).
		for _, addr := range []string{"127.0.0.1", "::1"} {
			for _, accept := range []string{"text/html", "application/json"} {
				resp, body := fetch(t, srv.URL+"/posts", map[string]string{"Accept": accept, h: addr})
				if resp.StatusCode != http.StatusServiceUnavailable || string(body) != appBody || resp.Header.Get("X-App") != "kept" {
					t.Errorf("%s: %s, Accept %s: status %d, X-App %q, body %.200q; want the app's own response",
						h, addr, accept, resp.StatusCode, resp.Header.Get("X-App"), body)
				}
			}
		}
	}
}
