package offline

import "testing"

// TestDeadlineOfACallOnAnotherLine: a function the failing frame calls
// on another line, one that returned before the failing call, set its
// own deadline: it is not said to be the one the work ran past.
func TestDeadlineOfACallOnAnotherLine(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/relay\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"context"
	"net/http"
	"time"
)

func ping(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	<-ctx.Done()
}

func save(ctx context.Context) error { return ctx.Err() }

// Forward relays a message.
func Forward(w http.ResponseWriter, r *http.Request) {
	ping(r.Context())
	if err := save(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("context deadline exceeded", app.frame(t, "status", "example.com/relay/web.Forward"))
	text := Analyze(r)
	mustLack(t, text, "calls a function that sets a deadline")
	assertGroundedIn(t, r, text, files)
}
