package offline

import "testing"

// TestDiscardInAnIfInit: the nil value is assigned by the failing line's
// own if statement, whose init drops the call's error; the dropped error
// is the fix, not a nil check.
func TestDiscardInAnIfInit(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/invite\n\ngo 1.22\n",
		"web/invite.go": `package web

import (
	"net/http"
	"net/mail"
)

// Invite invites an address.
func Invite(w http.ResponseWriter, r *http.Request) {
	to := r.FormValue("to")
	if addr, _ := mail.ParseAddress(to); addr.Name == "" { //! init
		to = "<" + to + ">"
	}
	w.Write([]byte(to))
}
`,
	})
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "init", "example.com/invite/web.Invite"))
	text := Analyze(r)
	mustHave(t, text, "`addr` comes from", "which discards the error", "Check the error instead of discarding it")
	mustLack(t, text, "nothing was found")
}
