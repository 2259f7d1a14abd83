package explainerr_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestOptedOutRequestGetsTheAppsResponse: a request with "X-Explainerr:
// off" (a front-end that reads the API's error JSON, a test of the error
// format) gets the app's own 5xx response byte for byte, or a plain 500
// for a panic, with the address of the report, which is kept in the
// history.
func TestOptedOutRequestGetsTheAppsResponse(t *testing.T) {
	ex := newExplainer(t)
	const apiError = `{"status_code":500,"message":"store unavailable"}` + "\n"
	mux := http.NewServeMux()
	mux.HandleFunc("/api", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(apiError))
	})
	mux.HandleFunc("/panic", func(w http.ResponseWriter, r *http.Request) {
		var m map[string]int
		m["x"]++
	})
	h := ex.Middleware(mux)
	for path, want := range map[string]string{"/api": apiError, "/panic": "Internal Server Error\n"} {
		req := httptest.NewRequest("GET", path, nil)
		req.RemoteAddr = "127.0.0.1:50000"
		req.Header.Set("Accept", "application/json")
		req.Header.Set("X-Explainerr", "off")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusInternalServerError || rec.Body.String() != want {
			t.Errorf("%s: %d %q, want 500 %q", path, rec.Code, rec.Body.String(), want)
		}
		link := rec.Header().Get("X-Explainerr-Report")
		if !strings.HasPrefix(link, "/_explainerr/") {
			t.Fatalf("%s: report header %q", path, link)
		}
		// The report page waits for the report the history keeps.
		rep := decodeReport(t, get(h, "GET", link, "application/json"))
		if rep.Request.URL != path {
			t.Errorf("%s: the history's report is of %q", path, rep.Request.URL)
		}
	}
	// Without the header the same request gets the report.
	rec := get(h, "GET", "/api", "application/json")
	if rec.Body.String() == apiError || !strings.Contains(rec.Body.String(), `"fingerprint"`) {
		t.Errorf("without the header: %s", rec.Body.String())
	}
}
