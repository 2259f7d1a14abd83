package offline

import "testing"

// TestWrappedNotFoundComparedWithEqual: a not-found sentinel wrapped with
// %w, which the handler's path compares with == (to answer 401), is
// explained by that comparison, not as an error nothing on the path
// answers; a switch's case for it is read when no comparison is there.
func TestWrappedNotFoundComparedWithEqual(t *testing.T) {
	files := func(test string) map[string]string {
		return map[string]string{
			"go.mod": "module example.com/gate\n",
			"store.go": `package main

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

func findAccount(email string) error {
	return fmt.Errorf("finding account %s: %w", email, ErrNotFound)
}
`,
			"handlers.go": `package main

import "net/http"

func signIn(w http.ResponseWriter, r *http.Request) {
	err := findAccount(r.FormValue("email"))
	` + test + `
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
		}
	}
	const msg = "finding account carol@example.com: not found"
	app := writeMarkedApp(t, files("if err == ErrNotFound {\n\t\thttp.Error(w, \"unknown\", http.StatusUnauthorized)\n\t\treturn\n\t}"))
	text := Analyze(statusReport(msg, app.frame(t, "fail", "example.com/gate.signIn")))
	mustHave(t, text, "`signIn` compares the error with `ErrNotFound` at `handlers.go:7`", "`errors.Is(err, ErrNotFound)` in place of the comparison at `handlers.go:7`",
		"Or return `ErrNotFound` itself at `store.go:11`")
	mustLack(t, text, "nothing on the error's path answers it")

	app = writeMarkedApp(t, files("switch err {\n\tcase ErrNotFound:\n\t\thttp.Error(w, \"unknown\", http.StatusUnauthorized)\n\t\treturn\n\t}"))
	text = Analyze(statusReport(msg, app.frame(t, "fail", "example.com/gate.signIn")))
	mustHave(t, text, "`signIn` compares the error with `ErrNotFound` at `handlers.go:8`")
	mustLack(t, text, "nothing on the error's path answers it")
}

// TestSentinelTestOnTheRequestsPath: a not-found error made anew (so no
// test matches it) is explained by the test on the request's own path
// (its route's handler), not by another caller's test of the same
// sentinel, nor by a test of another sentinel; the copy of the
// sentinel's text is where the fix goes.
func TestSentinelTestOnTheRequestsPath(t *testing.T) {
	files := func(made string) map[string]string {
		return map[string]string{
			"go.mod": "module example.com/press\n",
			"store.go": `package main

import (
	"errors"
	"fmt"
)

var _ = fmt.Sprint

var (
	ErrPostNotFound = errors.New("post not found")
	ErrLocked       = errors.New("post locked")
)

func findPost(id string) error {
	if id == "" {
		return ErrLocked
	}
	return ` + made + `
}

func lookup(id string) error { return ErrPostNotFound }
`,
			"handlers.go": `package main

import (
	"errors"
	"net/http"
)

func main() {
	http.HandleFunc("/login", login)
	http.HandleFunc("/posts/{id}", showPost)
}

func login(w http.ResponseWriter, r *http.Request) {
	err := findPost(r.FormValue("post"))
	if errors.Is(err, ErrLocked) {
		http.Error(w, "locked", http.StatusForbidden)
		return
	}
	if errors.Is(err, ErrPostNotFound) {
		http.Redirect(w, r, "/", http.StatusFound)
		return
	}
	fail(w, err)
}

func showPost(w http.ResponseWriter, r *http.Request) {
	err := findPost(r.PathValue("id"))
	if errors.Is(err, ErrPostNotFound) {
		http.NotFound(w, r)
		return
	}
	fail(w, err)
}

func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
}
`,
		}
	}
	app := writeMarkedApp(t, files(`errors.New("post not found")`))
	text := Analyze(statusReport("post not found", app.frame(t, "fail", "example.com/press.fail")))
	mustHave(t, text, "tests it at `showPost` (`handlers.go:28`)", "made anew at `findPost` (`store.go:19`)",
		"At `store.go:19`, return `ErrPostNotFound` itself")
	mustLack(t, text, "handlers.go:16", "handlers.go:20", "Find where the error is made")

	// Wrapped with %v on its way: the request's path's test is the one
	// the wrap defeats, not another caller's test of the same sentinel.
	app = writeMarkedApp(t, files(`fmt.Errorf("finding post %s: %v", id, ErrPostNotFound)`))
	text = Analyze(statusReport("finding post 7: post not found", app.frame(t, "fail", "example.com/press.fail")))
	mustHave(t, text, "`errors.Is(err, ErrPostNotFound)` at `showPost` (`handlers.go:28`)", "Wrap it with `\"%w\"` instead of `\"%v\"` at `store.go:19`")
	mustLack(t, text, "handlers.go:20")

	// A store's error wrapped with %v: the same.
	app = writeMarkedApp(t, files(`fmt.Errorf("finding post %s: %v", id, lookup(id))`))
	text = Analyze(statusReport("finding post 7: post not found", app.frame(t, "fail", "example.com/press.fail")))
	mustHave(t, text, "tests it at `showPost` (`handlers.go:28`)")
	mustLack(t, text, "handlers.go:20")
}
