package offline

import (
	"strings"
	"testing"
)

// notesFiles is an app whose package variables are set by an init and by
// an opener; assign is the line that should set them.
func notesFiles(initLine, openLine string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"conn/conn.go": `package conn

import "database/sql"

// Pool is a connection pool.
type Pool struct{ h *sql.DB }

// Get returns the handle.
func (p *Pool) Get() *sql.DB {
	return p.h //!pool
}
`,
		"main.go": `package main

import (
	"database/sql"
	"fmt"
	"net/http"

	"example.com/notes/conn"
)

type Store struct{ db *sql.DB }

var (
	store Store
	pool  *conn.Pool
)

func init() {
	` + initLine + `
	if err != nil {
		panic(err)
	}
}

func openPool() {
	` + openLine + `
}

func (s Store) count() int {
	var n int
	s.db.QueryRow("SELECT COUNT(*) FROM notes").Scan(&n) //!count
	return n
}

func (s Store) total() int {
	var n int
	stmt, _ := s.db.Prepare("SELECT SUM(size) FROM notes")
	stmt.QueryRow().Scan(&n) //!stmt
	return n
}

func notes(w http.ResponseWriter, r *http.Request) {
	fmt.Fprint(w, store.count(), pool.Get())
}
`}
}

const nilDeref = "runtime error: invalid memory address or nil pointer dereference"

// TestShadowedPackageVariable: a field of a package variable that an init
// never sets, because it defines a local of the field's name, is named
// with the line to change; so is a package variable an opener hides with
// :=, when the nil is that variable's type's receiver in another package.
// When the variable is assigned, neither is said.
func TestShadowedPackageVariable(t *testing.T) {
	app := writeMarkedApp(t, notesFiles(`db, err := sql.Open("sqlite3", "notes.db")
	_ = db`, `pool := &conn.Pool{}
	_ = pool`))
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "count", "Store.count")))
	mustHave(t, text, "`store.db` is never set", "`init` (`main.go:19`)", "defines a local `db` with `:=`", "At `main.go:19`, assign the field", "`store.db, err = …`")
	mustLack(t, text, "Check `s.db == nil`")

	fr := app.frame(t, "pool", "Pool.Get")
	fr.Function = "example.com/notes/conn.(*Pool).Get"
	text = Analyze(panicReport("runtime.Error", nilDeref, fr))
	mustHave(t, text, "the package variable `pool` is never set", "`openPool` (`main.go:27`)", "assign the package variable instead of declaring a local")

	assigned := writeMarkedApp(t, notesFiles(`var err error
	store.db, err = sql.Open("sqlite3", "notes.db")`, `p := &conn.Pool{}
	pool = p`))
	for _, label := range []string{"count", "pool"} {
		fr := assigned.frame(t, label, "Store.count")
		if label == "pool" {
			fr.Function = "example.com/notes/conn.(*Pool).Get"
		}
		text = Analyze(panicReport("runtime.Error", nilDeref, fr))
		mustLack(t, text, "is never set", "defines a local")
	}
}

// TestDiscardedPrepareError: a nil statement is traced to the Prepare
// whose error was discarded.
func TestDiscardedPrepareError(t *testing.T) {
	app := writeMarkedApp(t, notesFiles(`db, err := sql.Open("sqlite3", "notes.db")
	store.db = db`, `pool = &conn.Pool{}`))
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "stmt", "Store.total")))
	mustHave(t, text, "`stmt` is nil", "which discards the error", "stmt, err := s.db.Prepare(")
	if strings.Contains(text, "is never set") {
		t.Errorf("a shadow was named for a discarded error:\n%s", text)
	}
}
