package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// usersFiles is an app whose handler tests errors.Is(err, sql.ErrNoRows)
// while its store, in another package, wraps the error.
func usersFiles(wrap string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/users\n\ngo 1.22\n",
		"store/users.go": `package store

import (
	"database/sql"
	"errors"
	"fmt"
)

var _ = errors.New

// Users reads users.
type Users struct{ db *sql.DB }

// Name returns the name of the user id.
func (s *Users) Name(id int) (string, error) {
	var name string
	err := s.db.QueryRow("SELECT name FROM users WHERE id = ?", id).Scan(&name)
	if err != nil {
		` + wrap + ` //!wrap
	}
	return name, nil
}
`,
		"main.go": `package main

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"example.com/users/store"
)

var users *store.Users

func showUser(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	name, err := users.Name(id)
	if errors.Is(err, sql.ErrNoRows) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	w.Write([]byte(name))
}
`,
	}
}

// TestNoRowsCheckAlreadyThere: a handler that already tests
// errors.Is(err, sql.ErrNoRows) is not told to add the test; the wrap
// with %v that hid the sentinel is named when the module shows it, and
// what is known is said when it does not.
func TestNoRowsCheckAlreadyThere(t *testing.T) {
	app := writeMarkedApp(t, usersFiles(`return "", fmt.Errorf("user %d: %v", id, err)`))
	text := Analyze(statusReport("user 7: sql: no rows in result set\n", app.frame(t, "status", "main.showUser")))
	mustHave(t, text, "`errors.Is(err, sql.ErrNoRows)`", "is false for this error", "no longer wraps `sql.ErrNoRows`", "`(*Users).Name` (`users.go:19`)", "Wrap it with `\"%w\"` instead of `\"%v\"` at `users.go:19`")
	mustLack(t, text, "Answer a missing row with 404", "Check `errors.Is(err, sql.ErrNoRows)` where the error is handled")

	app = writeMarkedApp(t, usersFiles(`return "", errors.New("user lookup: " + err.Error())`))
	text = Analyze(statusReport("user lookup: sql: no rows in result set\n", app.frame(t, "status", "main.showUser")))
	mustHave(t, text, "The handler does test for it at", "no longer wraps `sql.ErrNoRows`", "wrap it with `\"%w\"`")
	mustLack(t, text, "Answer a missing row with 404", "Check `errors.Is(err, sql.ErrNoRows)` where the error is handled")
}

// TestNoRowsAdviceFitsHowTheErrorWasMade: with no test in the handler,
// the advice to test errors.Is(err, sql.ErrNoRows) comes after the fix
// that lets it work, when the error was made into text on the way.
func TestNoRowsAdviceFitsHowTheErrorWasMade(t *testing.T) {
	files := usersFiles(`return "", fmt.Errorf("user %d: %v", id, err)`)
	files["main.go"] = `package main

import (
	"net/http"
	"strconv"

	"example.com/users/store"
)

var users *store.Users

func showUser(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	name, err := users.Name(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	w.Write([]byte(name))
}
`
	app := writeMarkedApp(t, files)
	text := Analyze(statusReport("user 7: sql: no rows in result set\n", app.frame(t, "status", "main.showUser")))
	mustHave(t, text, "formats `err` with `\"%v\"`", "Wrap it with `\"%w\"` instead of `\"%v\"` at `users.go:19`", "Answer a missing row with 404")
	if i, j := strings.Index(text, "Wrap it with"), strings.Index(text, "Answer a missing row"); i < 0 || j < 0 || i > j {
		t.Errorf("the wrap's fix must come first:\n%s", text)
	}

	// A returned error whose chain holds only the sentinel's text.
	r := statusReport("", app.frame(t, "status", "main.showUser"))
	r.Error = report.Error{Kind: report.KindError, Type: "*errors.errorString", Message: "loading: user lookup: sql: no rows in result set", Chain: []string{"user lookup: sql: no rows in result set"}}
	text = Analyze(r)
	mustHave(t, text, "does not hold `sql.ErrNoRows` itself, only its text")
	r.Error.Chain = append(r.Error.Chain, "sql: no rows in result set")
	text = Analyze(r)
	mustLack(t, text, "only its text")
}

// TestNoRowsCheckBeforeAHelperNamesTheWrap: the handler tests
// errors.Is(err, sql.ErrNoRows) and hands other errors to a helper that
// writes the 500; the %v wrap in the store is named and its line given,
// not left as "find where the error is wrapped".
func TestNoRowsCheckBeforeAHelperNamesTheWrap(t *testing.T) {
	files := usersFiles(`return "", fmt.Errorf("user %d: %v", id, err)`)
	files["main.go"] = `package main

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"example.com/users/store"
)

var users *store.Users

func serverError(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError) //!status
}

func showUser(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	name, err := users.Name(id)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			http.NotFound(w, r)
			return
		}
		serverError(w, err) //!call
		return
	}
	w.Write([]byte(name))
}
`
	app := writeMarkedApp(t, files)
	text := Analyze(statusReport("user 7: sql: no rows in result set\n", app.frame(t, "status", "serverError"), app.frame(t, "call", "showUser")))
	mustHave(t, text, "`errors.Is(err, sql.ErrNoRows)`", "`users.go:19`", "instead of `\"%v\"`")
	mustLack(t, text, "Answer a missing row with 404", "Find where the error is wrapped")
}

// TestNoRowsLoggedBehindAHelperNamesTheWrap: the response says only
// "Internal Server Error"; the request's log holds the error, whose
// message a %v wrap in the store made: with the handler's errors.Is test
// in sight, that wrap is named (found by the logged message), not left as
// "find where the error is wrapped".
func TestNoRowsLoggedBehindAHelperNamesTheWrap(t *testing.T) {
	files := usersFiles(`return "", fmt.Errorf("user %d: %v", id, err)`)
	files["main.go"] = `package main

import (
	"database/sql"
	"errors"
	"log"
	"net/http"
	"strconv"

	"example.com/users/store"
)

var users *store.Users

func showUser(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	name, err := users.Name(id)
	if errors.Is(err, sql.ErrNoRows) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		log.Println(err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError) //!status
		return
	}
	w.Write([]byte(name))
}
`
	app := writeMarkedApp(t, files)
	r := statusReport("Internal Server Error\n", app.frame(t, "status", "showUser"))
	r.Logs = logs("2026/12/01 09:49:23 user 7: sql: no rows in result set")
	text := Analyze(r)
	mustHave(t, text, "`errors.Is(err, sql.ErrNoRows)`", "`users.go:19`", "instead of `\"%v\"`")
	mustLack(t, text, "Answer a missing row with 404", "Find where the error is wrapped")

	// A helper that logs the error with debug.Stack after it.
	r = statusReport("Internal Server Error\n", app.frame(t, "status", "showUser"))
	r.Logs = logs("ERROR\t2026/12/01 09:49:23 helpers.go:24: user 7: sql: no rows in result set\ngoroutine 7 [running]:\nruntime/debug.Stack()\n\t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e")
	text = Analyze(r)
	mustHave(t, text, "`users.go:19`", "instead of `\"%v\"`")
	mustLack(t, text, "Find where the error is wrapped")
}
