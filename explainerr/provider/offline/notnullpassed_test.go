package offline

import (
	"testing"
)

// pasteFiles is an app whose store, one of two implementations of an
// interface, embeds *sql.DB (its Close comes from there) and passes a
// sql.NullString for the owner of an anonymous paste; its migration
// gives the column a DEFAULT.
var pasteFiles = map[string]string{
	"go.mod":                    "module example.com/pastes\n\ngo 1.22\n",
	"migrations/1_init.up.sql":  "CREATE TABLE pastes (\n  id TEXT PRIMARY KEY,\n  body TEXT NOT NULL\n);\n",
	"migrations/2_owner.up.sql": "ALTER TABLE pastes ADD COLUMN owner TEXT NOT NULL DEFAULT '';\n",
	"store/store.go": `package store

// Store keeps pastes.
type Store interface {
	Close() error
	Get(id string) (string, error)
	Create(id, body, owner string) error
}
`,
	"store/pg.go": `package store

import "database/sql"

// PG is the PostgreSQL store.
type PG struct {
	*sql.DB
}

// Get reads a paste and its owner.
func (p *PG) Get(id string) (string, error) {
	var body, owner string
	err := p.QueryRow("SELECT body, owner FROM pastes WHERE id = $1", id).Scan(&body, &owner)
	return body, err
}

// Create writes a paste.
func (p *PG) Create(id, body, owner string) error {
	o := sql.NullString{String: owner, Valid: owner != ""}
	_, err := p.Exec("INSERT INTO pastes (id, body, owner) VALUES ($1, $2, $3)", id, body, o)
	return err
}
`,
	"store/lite.go": `package store

// Lite is the SQLite store.
type Lite struct{}

func (l *Lite) Close() error { return nil }

// Get reads a paste.
func (l *Lite) Get(id string) (string, error) { return "", nil }

// Create writes a paste.
func (l *Lite) Create(id, body, owner string) error { return nil }
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/pastes/store"
)

// Server serves pastes.
type Server struct{ db store.Store }

func create(s *Server, r *http.Request) error {
	return s.db.Create("abc", r.FormValue("body"), "")
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	if err := create(s, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!post
	}
}
`,
}

// TestNotNullPassedWithADefault: the statement lists the NOT NULL column
// and passes a sql.NullString whose Valid may be false, through an
// implementation that embeds *sql.DB; the migration gives the column a
// DEFAULT. The advice is to pass a value or leave the column out, never
// to add a DEFAULT or to list the column.
func TestNotNullPassedWithADefault(t *testing.T) {
	app := writeMarkedApp(t, pasteFiles)
	fr := app.frame(t, "post", "example.com/pastes/web.(*Server).post")
	text := Analyze(statusReport(`pq: null value in column "owner" of relation "pastes" violates not-null constraint`, fr))
	mustHave(t, text, "passes `o`", "`sql.NullString` whose `Valid` is `owner != \"\"`", "applies only when a statement leaves the column out", "In `(*PG).Create`")
	mustLack(t, text, "give the column a DEFAULT", "Make sure the statement lists `owner`")
}

// TestNotNullDefaultDroppedLater: a DEFAULT a later statement drops is
// none: the advice does not say the schema gives one.
func TestNotNullDefaultDroppedLater(t *testing.T) {
	files := map[string]string{}
	for k, v := range pasteFiles {
		files[k] = v
	}
	files["migrations/2_owner.up.sql"] = "ALTER TABLE pastes ADD COLUMN owner TEXT NOT NULL DEFAULT '';\nALTER TABLE pastes ALTER COLUMN owner DROP DEFAULT;\n"
	app := writeMarkedApp(t, files)
	fr := app.frame(t, "post", "example.com/pastes/web.(*Server).post")
	text := Analyze(statusReport(`pq: null value in column "owner" of relation "pastes" violates not-null constraint`, fr))
	mustHave(t, text, "passes `o`")
	mustLack(t, text, "The schema's DEFAULT for it", "the value the DEFAULT gives")
}
