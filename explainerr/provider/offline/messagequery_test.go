package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// ledgerNoteFiles: an app that creates its SQLite tables itself at start
// (CREATE TABLE IF NOT EXISTS, a full-text virtual table among them), whose
// schema renamed a column every query still names, with several queries
// naming the column, one of them an INSERT OR REPLACE; a dispatcher runs
// every route, and the store wraps its errors with the function's name.
var ledgerNoteFiles = map[string]string{
	"go.mod": "module example.com/notes\n",
	"main.go": `package main

import (
	"database/sql"
	"fmt"
	"net/http"
)

type store struct{ db *sql.DB }

func (s *store) init() error {
	_, err := s.db.Exec(` + "`" + `CREATE TABLE IF NOT EXISTS attachments (
		id TEXT NOT NULL PRIMARY KEY,
		name TEXT,
		content BLOB
	)` + "`" + `)
	if err != nil {
		return err
	}
	_, err = s.db.Exec(` + "`" + `CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts4(id, words)` + "`" + `)
	return err
}

func (s *store) saveAttachment(id, name string, blob []byte) error {
	_, err := s.db.Exec(` + "`" + `INSERT OR REPLACE INTO attachments (id, name, payload) VALUES (?, ?, ?)` + "`" + `, id, name, blob)
	if err != nil {
		return fmt.Errorf("exec saveAttachment: %w", err)
	}
	return nil
}

func (s *store) attachment(id string) (string, []byte, error) {
	var name string
	var blob []byte
	err := s.db.QueryRow(` + "`" + `SELECT name, payload FROM attachments WHERE id = ?` + "`" + `, id).Scan(&name, &blob)
	return name, blob, err
}

func (s *store) find(q string) ([]string, error) {
	rows, err := s.db.Query(` + "`" + `SELECT id FROM search WHERE search.text MATCH ? ORDER BY id` + "`" + `, q)
	if err != nil {
		return nil, fmt.Errorf("preparing query: SELECT id FROM search WHERE search.text MATCH ? ORDER BY id: %w", err)
	}
	defer rows.Close()
	return nil, nil
}

func (s *store) index(id, text string) error {
	_, err := s.db.Exec(` + "`" + `INSERT INTO search (id, text) VALUES (?, ?)` + "`" + `, id, text)
	return err
}

func (s *store) dump() error {
	_, err := s.db.Exec(` + "`" + `SELECT id, text FROM search` + "`" + `)
	return err
}

type app struct{ s *store }

func (a *app) handle(w http.ResponseWriter, r *http.Request) error {
	switch r.URL.Path {
	case "/upload":
		return a.s.saveAttachment("x", "y", nil)
	case "/file":
		_, _, err := a.s.attachment("x")
		return err
	case "/search":
		_, err := a.s.find(r.FormValue("q"))
		return err
	}
	return nil //! handle
}
`,
}

// TestQueryTheMessagePointsAt: among the queries that name a missing
// column, the one the error's message names by its function ("exec
// saveAttachment"), an INSERT OR REPLACE, or quotes whole is the query
// named; the schema the app creates at start, a virtual table's included,
// is read, and a column no query names where every query names another
// is taken for the schema's rename, fixed where the table is created.
func TestQueryTheMessagePointsAt(t *testing.T) {
	app := writeMarkedApp(t, ledgerNoteFiles)
	r := panicReport("*fmt.wrapError", "exec saveAttachment: table attachments has no column named payload", app.frame(t, "handle", "(*app).handle"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "The query is at `(*store).saveAttachment`", "none names the schema's `content`", "name the column `payload` again where `attachments` is created", "if `payload` is new, add it there")
	mustLack(t, text, "The query is at `(*store).attachment`", "new migration")
	r = panicReport("*fmt.wrapError", "preparing query: SELECT id FROM search WHERE search.text MATCH ? ORDER BY id: no such column: search.text", app.frame(t, "handle", "(*app).handle"))
	r.Error.Kind = report.KindError
	text = Analyze(r)
	mustHave(t, text, "The query is at `(*store).find`", "creates `search`", "Its columns are `id`, `words`")
	mustLack(t, text, "No schema statement in sight creates")
}
