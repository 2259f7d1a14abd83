package offline

import (
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// loginFiles is an app whose store wraps its sentinel with %v, tested
// with == by the login handler and with errors.Is by another route's.
var loginFiles = map[string]string{
	"go.mod": "module example.com/login\n\ngo 1.22\n",
	"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrNotFound says nothing has that name.
var ErrNotFound = errors.New("not found")

// ByName finds a user.
func ByName(name string) (int, error) {
	return 0, fmt.Errorf("no user named %q: %v", name, ErrNotFound)
}
`,
	"main.go": `package main

import (
	"errors"
	"net/http"

	"example.com/login/store"
)

func login(w http.ResponseWriter, r *http.Request) {
	_, err := store.ByName(r.FormValue("name"))
	if err == store.ErrNotFound {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError) //!status
	}
}

func remove(w http.ResponseWriter, r *http.Request) {
	if _, err := store.ByName(r.FormValue("name")); err != nil && !errors.Is(err, store.ErrNotFound) {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
`,
}

// TestLostSentinelComparedWithEqual: a sentinel wrapped with %v and
// compared with == on the failing path is explained from that comparison,
// and the fix changes both the wrap and the comparison; the errors.Is of
// another route is not said to be what the request fell through.
func TestLostSentinelComparedWithEqual(t *testing.T) {
	app := writeMarkedApp(t, loginFiles)
	r := statusReport("", app.frame(t, "status", "login"))
	r.Logs = []report.LogLine{{Time: time.Unix(0, 0), Text: `level=error msg="no user named \"ada\": not found"`}}
	text := Analyze(r)
	mustHave(t, text,
		"`login` compares the error with `store.ErrNotFound` at `main.go:12` (`if err == store.ErrNotFound {`)",
		"test it with `errors.Is(err, store.ErrNotFound)` in place of the comparison at `main.go:12`")
	mustLack(t, text, "main.go:23")
}
