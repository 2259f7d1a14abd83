package offline

import "testing"

// initOrderFiles: init builds a handler from a package variable that a
// function called only from main sets.
var initOrderFiles = map[string]string{
	"go.mod": "module example.com/kennel\n",
	"store/store.go": `package store

import "database/sql"

var Pool *sql.DB

func Open(dsn string) error {
	var err error
	Pool, err = sql.Open("postgres", dsn)
	return err
}
`,
	"main.go": `package main

import (
	"database/sql"
	"net/http"

	"example.com/kennel/store"
)

type Dogs struct{ db *sql.DB }

func NewDogs(db *sql.DB) Dogs { return Dogs{db: db} }

func (d Dogs) list(w http.ResponseWriter, r *http.Request) {
	rows, _ := d.db.Query("SELECT name FROM dogs") //! query
	defer rows.Close()
}

var dogs Dogs

func init() {
	dogs = NewDogs(store.Pool)
}

func main() {
	store.Open("postgres://")
	http.HandleFunc("/dogs", dogs.list)
	http.ListenAndServe(":8080", nil)
}
`,
}

// TestBuiltInInitBeforeMainSetsIt: a nil field copied in init from a
// package variable that only main's call sets is explained by the order
// Go runs them in, and fixed there.
func TestBuiltInInitBeforeMainSetsIt(t *testing.T) {
	app := writeMarkedApp(t, initOrderFiles)
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "query", "example.com/kennel.Dogs.list")))
	mustHave(t, text, "`db` is copied from `store.Pool` when the `Dogs` is built", "Go runs `init` before `main`", "Build the `Dogs` after `Open` has run")
}
