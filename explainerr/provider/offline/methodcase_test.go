package offline

import (
	"strings"
	"testing"
)

// shelfDAVFiles is a handler that switches on the request's method and
// logs the error it meets only at debug level.
var shelfDAVFiles = map[string]string{
	"go.mod": "module example.com/shelf\n\ngo 1.22\n",
	"dav/serve.go": `package dav

import (
	"log/slog"
	"net/http"
)

// Serve answers a WebDAV request.
func Serve(w http.ResponseWriter, r *http.Request) {
	status, err := http.StatusBadRequest, error(nil)
	switch r.Method {
	case "GET", http.MethodHead:
		status, err = get(r)
	case "MKCOL":
		status, err = mkcol(r)
	case "PROPFIND":
		status, err = propfind(r)
	case "PROPPATCH":
		status, err = proppatch(r)
	}
	if status != 0 {
		w.WriteHeader(status) //!write
	}
	if err != nil {
		slog.Debug("dav request failed", "err", err)
	}
}

func get(r *http.Request) (int, error)       { return 200, nil }
func mkcol(r *http.Request) (int, error)     { return 201, nil }
func propfind(r *http.Request) (int, error)  { return 207, nil }
func proppatch(r *http.Request) (int, error) { return 207, nil }
`,
}

// TestErrorFromTheCaseOfTheRequestsMethod: the status written after a
// switch on the method comes from the case of the request's method, not
// the case nearest the line; the error, logged only at debug level, is
// said to be hidden by the log level.
func TestErrorFromTheCaseOfTheRequestsMethod(t *testing.T) {
	app := writeMarkedApp(t, shelfDAVFiles)
	r := statusReport("", app.frame(t, "write", "example.com/shelf/dav.Serve"))
	r.Request.Method = "MKCOL"
	text := Analyze(r)
	mustHave(t, text, "the case of the request's method, `MKCOL`", "status, err = mkcol(r)",
		"logs the error it met only at debug level", "Run the app with its log level at debug")
	if strings.Contains(text, "proppatch(r)`.") {
		t.Errorf("names the case nearest the line:\n%s", text)
	}
}
