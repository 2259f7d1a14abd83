package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestSchemaOfAnotherProgramIsNotTheQuerys: a module that builds a server
// (gorm's models are its schema) and a command-line client (with an
// SQLite schema file and a Go literal of its own, the latter in a test
// helper): a column the server's query misspells is not checked against,
// nor shown with, the client's tables.
func TestSchemaOfAnotherProgramIsNotTheQuerys(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/jotter\n",
		"cmd/server/main.go": `package main

import "example.com/jotter/server"

func main() { server.Run() }
`,
		"server/notes.go": `package server

import (
	"net/http"

	"gorm.io/gorm"
)

var db *gorm.DB

// Note is a stored note.
type Note struct {
	ID       int
	Body     string
	EditedOn int64
}

func Run() { http.HandleFunc("/notes", listNotes) }

func listNotes(w http.ResponseWriter, r *http.Request) {
	var notes []Note
	if err := db.Select("id, body, edited_at").Find(&notes).Error; err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
		"cmd/client/main.go": `package main

import "example.com/jotter/client"

func main() { client.Sync() }
`,
		"client/sync.go": `package client

import (
	"database/sql"
	_ "embed"
)

//go:embed schema/base.sql
var base string

// Sync makes the client's tables.
func Sync() {
	db, _ := sql.Open("sqlite3", "jot.db")
	db.Exec(base)
}
`,
		"client/schema/base.sql": `CREATE TABLE notes
(
	id integer PRIMARY KEY AUTOINCREMENT,
	body text NOT NULL,
	edited_on integer DEFAULT 0
);
`,
		"client/testutil.go": "package client\n\nvar testSchema = `CREATE TABLE IF NOT EXISTS notes (id integer, body text, edited_on integer, edited_at integer);`\n",
	})
	r := statusReport(`pq: column notes.edited_at does not exist`, app.frame(t, "fail", "example.com/jotter/server.listNotes"))
	r.Error.Kind = report.KindError
	for _, c := range appsource.Static(r) {
		if strings.HasPrefix(c.File, "client/") {
			t.Errorf("the context holds the client's %s:%d-%d (%s)", c.File, c.StartLine, c.EndLine, c.Reason)
		}
	}
	text := Analyze(r)
	mustHave(t, text, "`edited_at` → `edited_on`", "its columns are the fields of the model at `notes.go:12`")
	mustLack(t, text, "base.sql", "testutil.go")
}
