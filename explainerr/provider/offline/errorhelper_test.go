package offline

import "testing"

// TestStatusWrittenThroughTwoHelpers: a handler reports its error with a
// helper that hands it to another, which writes the status; the site is
// the handler's call, past both helpers, and the call whose error it
// carried on is named.
func TestStatusWrittenThroughTwoHelpers(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/depot\n\ngo 1.22\n",
		"web/reply.go": `package web

import (
	"log"
	"net/http"
)

// Reply answers a request.
type Reply struct{ w http.ResponseWriter }

// Oops reports a server error.
func (r Reply) Oops(msg string, err error) {
	r.fail(msg, err, http.StatusInternalServerError) //! oops
}

func (r Reply) fail(msg string, err error, status int) {
	log.Printf("%s: %v", msg, err)
	r.w.WriteHeader(status) //! fail
}
`,
		"web/crates.go": `package web

import "net/http"

// Crates lists crates.
type Crates interface{ Count() (int, error) }

// Count answers the number of crates.
func Count(c Crates) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		reply := Reply{w: w}
		n, err := c.Count()
		if err != nil {
			reply.Oops("counting crates", err) //! count
			return
		}
		_ = n
	}
}
`,
	})
	r := statusReport("", app.frame(t, "fail", "example.com/depot/web.Reply.fail"), app.frame(t, "oops", "example.com/depot/web.Reply.Oops"), app.frame(t, "count", "example.com/depot/web.Count.func1"))
	text := Analyze(r)
	mustHave(t, text, "the app reported the failure at `crates.go:14`", "`n, err := c.Count()`")
}

// TestHelperTakingDataOfAnyType: a JSON writer that takes its data as any
// and answers d.(error) with 500 is an error helper too: the site is the
// handler that handed it the error, past the helper that handed it on.
func TestHelperTakingDataOfAnyType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/kiosk\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"encoding/json"
	"errors"
	"net/http"
)

func writeJSON(d interface{}, w http.ResponseWriter) {
	switch v := d.(type) {
	case error:
		w.WriteHeader(500) //!status
		json.NewEncoder(w).Encode(v.Error())
	default:
		json.NewEncoder(w).Encode(v)
	}
}

func sendError(err error, w http.ResponseWriter) {
	writeJSON(err, w) //!send
}

// Stock answers the stock.
func Stock(w http.ResponseWriter, r *http.Request) {
	if err := count(); err != nil {
		sendError(err, w) //!handler
		return
	}
}

func count() error { return errors.New("shelf unreadable") }
`,
	})
	r := statusReport(`"shelf unreadable"`, app.frame(t, "status", "example.com/kiosk/web.writeJSON"), app.frame(t, "send", "example.com/kiosk/web.sendError"), app.frame(t, "handler", "example.com/kiosk/web.Stock"))
	text := Analyze(r)
	mustHave(t, text, "the app reported the failure at `web.go:26` in `Stock`", "The status was written inside the app's error helper `writeJSON`")
}

// TestHelperRenderingThroughAView: an error helper that hands only the
// status to a page renderer (handleError(w, err) calls
// v.Render(w, data, status)): the failure is reported at the handler
// that called the helper, and the helper, not the renderer, is named.
func TestHelperRenderingThroughAView(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/desk\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"errors"
	"net/http"
)

type view struct{}

func (v *view) Render(w http.ResponseWriter, data map[string]string, status int) {
	w.WriteHeader(status) //!status
	w.Write([]byte(data["message"]))
}

var page = &view{}

func handleError(w http.ResponseWriter, err error, msg string) {
	page.Render(w, map[string]string{"message": msg}, http.StatusInternalServerError) //!render
}

// Profile saves the profile.
func Profile(w http.ResponseWriter, r *http.Request) {
	if err := save(); err != nil {
		handleError(w, err, "saving the profile") //!handler
		return
	}
}

func save() error { return errors.New("profile unsaved") }
`,
	})
	r := statusReport("saving the profile", app.frame(t, "status", "example.com/desk/web.(*view).Render"), app.frame(t, "render", "example.com/desk/web.handleError"), app.frame(t, "handler", "example.com/desk/web.Profile"))
	text := Analyze(r)
	mustHave(t, text, "the app reported the failure at `web.go:24` in `Profile`", "The status was written inside the app's error helper `handleError`")
}
