package offline

import (
	"strconv"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// dogStoreFiles is an app whose store interface has two implementations in
// files of the same name; each logs a failed query and returns a bare nil.
var dogStoreFiles = map[string]string{
	"go.mod": "module example.com/dogs\n\ngo 1.22\n",
	"web/handlers.go": `package web

import (
	"net/http"

	"example.com/dogs/store"
)

// Server answers the dog home's requests.
type Server struct {
	db store.Store
}

func (s *Server) adopt(w http.ResponseWriter, r *http.Request) {
	dog := s.db.CreateDog(r.FormValue("name"))
	w.Write([]byte(dog.Name)) //!use
}
`,
	"store/store.go": `package store

// Dog is one dog of the dog home.
type Dog struct {
	ID   int64
	Name string
}

// Store keeps the dogs.
type Store interface {
	CreateDog(name string) *Dog
}
`,
	"store/pg/dogs.go": `package pg

import (
	"database/sql"

	"example.com/dogs/store"
)

// PGStore keeps the dogs in PostgreSQL.
type PGStore struct{ db *sql.DB }

func (s *PGStore) CreateDog(name string) *store.Dog {
	var id int64
	err := s.db.QueryRow("insert into dogs (name) values ($1) returning id", name).Scan(&id)
	if err != nil {
		return nil
	}
	return &store.Dog{ID: id, Name: name}
}
`,
	"store/sqlite/dogs.go": `package sqlite

import (
	"database/sql"
	"log"

	"example.com/dogs/store"
)

// SQLiteStore keeps the dogs in SQLite.
type SQLiteStore struct{ db *sql.DB }

func (s *SQLiteStore) CreateDog(name string) *store.Dog {
	var id int64
	err := s.db.QueryRow("insert into dogs (name, breed) values (?, ?) returning id", name, "").Scan(&id)
	if err != nil {
		log.Print(err) //!logged
		return nil
	}
	return &store.Dog{ID: id, Name: name}
}
`,
	"store/sqlite/schema.sql": "create table dogs (\n  id integer primary key,\n  name text not null\n);\n",
}

// TestNilStandsForTheLoggedError: a nil returned by the error branch of
// an interface's implementation that logs the error; the request's log
// holds it (with the logger's file and line), so that implementation is
// the one named, the logged SQL error is analysed as the cause, and its
// fix comes before any check of the nil.
func TestNilStandsForTheLoggedError(t *testing.T) {
	app := writeMarkedApp(t, dogStoreFiles)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "use", "(*Server).adopt"))
	line := app.marks["logged"].line
	r.Logs = []report.LogLine{{Text: "2026/01/02 03:04:05 dogs.go:" + strconv.Itoa(line) + ": table dogs has no column named breed"}}
	text := Analyze(r)
	mustHave(t, text,
		"returns `nil` at `(*SQLiteStore).CreateDog`",
		"the request's log holds that error: `table dogs has no column named breed`",
		"the table has no column `breed`",
	)
	fixes := text[strings.Index(text, "How to fix it"):]
	if i, j := strings.Index(fixes, "`breed`"), strings.Index(fixes, "if dog == nil"); i < 0 || j < 0 || i > j {
		t.Errorf("the logged error's fix does not come before the nil check:\n%s", text)
	}
	if strings.Contains(text, "at `(*PGStore).CreateDog`") {
		t.Errorf("names the implementation the log does not show:\n%s", text)
	}
}

// TestNilWithoutALoggedErrorIsNoLoggedCause: the same nil, but the
// request logged nothing: no cause is made up from the log.
func TestNilWithoutALoggedErrorIsNoLoggedCause(t *testing.T) {
	app := writeMarkedApp(t, dogStoreFiles)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "use", "(*Server).adopt"))
	text := Analyze(r)
	if strings.Contains(text, "the logged error is the cause") {
		t.Errorf("a logged cause without a log line:\n%s", text)
	}
	mustHave(t, text, "if dog == nil {")
}
