package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// playlistFiles is an app that writes a playlist row whose slug it
// makes from a counter of its own, under a title the client sends.
var playlistFiles = map[string]string{
	"go.mod": "module example.com/tunes\n\ngo 1.22\n",
	"web.go": `package main

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"
)

var db *sql.DB

var next = 1

type playlist struct {
	Title string ` + "`json:\"title\"`" + `
	Owner struct {
		Email string ` + "`json:\"email\"`" + `
	} ` + "`json:\"owner\"`" + `
}

func create(w http.ResponseWriter, r *http.Request) {
	var p playlist
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	slug := "list-" + strconv.Itoa(next)
	if _, err := db.Exec("INSERT INTO playlists (slug, title, owner_email) VALUES (?, ?, ?)", slug, p.Title, p.Owner.Email); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestDuplicateSentByTheClientOrNot: a unique violation is blamed on the
// client only when the request sends the column (a JSON field at any
// depth, a form or query field, a route parameter) or the value the
// error quotes; a request whose fields are all known and hold none of
// them gets the app's value as the fix, not a 409; a request whose body
// was not read says neither.
func TestDuplicateSentByTheClientOrNot(t *testing.T) {
	app := writeMarkedApp(t, playlistFiles)
	run := func(msg, method, body string) string {
		r := statusReport(msg, app.frame(t, "status", "main.create"))
		r.Request = report.Request{Method: method, URL: "/playlists", Body: body, BodyType: "application/json"}
		return Analyze(r)
	}
	const slug = "UNIQUE constraint failed: playlists.slug\n"
	text := run(slug, "POST", `{"title": "Road trip", "owner": {"email": "ann@example.com"}}`)
	mustHave(t, text, "The request sends no `slug`", "a value it makes must be unique")
	mustLack(t, text, "The request sends it", "check for the value first")

	text = run("UNIQUE constraint failed: playlists.owner_email\n", "POST", `{"title": "Road trip", "owner": {"email": "ann@example.com"}}`)
	mustHave(t, text, "The request sends it (its field `owner.email`)")
	mustLack(t, text, "The request sends no")

	text = run("UNIQUE constraint failed: playlists.title\n", "POST", `{"title": "Road trip", "owner": {"email": "ann@example.com"}}`)
	mustHave(t, text, "The request sends it (its field `title`)", "check for the value first")
	mustLack(t, text, "The request sends no")

	// PostgreSQL quotes the value: found in the body under another name.
	text = run(`ERROR: duplicate key value violates unique constraint "playlists_owner_email_key" (SQLSTATE 23505) Key (owner_email)=(ann@example.com) already exists.`, "POST", `{"title": "Road trip", "owner": {"email": "ann@example.com"}}`)
	mustHave(t, text, "The request sends it (its field `owner.email`)")

	// A body not read (a POST with none captured): nothing is said of
	// who sent the value.
	text = run(slug, "POST", "")
	mustLack(t, text, "The request sends it", "The request sends no")
	text = run(slug, "POST", "title=Road+trip")
	mustLack(t, text, "The request sends it", "The request sends no")
}

// TestOptionalColumnUniqueIndex: a unique index over one column the
// client may leave out (a member's e-mail) admits one empty value: the
// index's definition is named, with a partial index or NULL for a
// missing value as the fix beside the app's own value.
func TestOptionalColumnUniqueIndex(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/club\n\ngo 1.22\n",
		"schema.sql": `CREATE TABLE members (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL,
	email TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX idx_members_email ON members(email);
`,
		"web.go": `package main

import (
	"database/sql"
	"encoding/json"
	"net/http"
)

var db *sql.DB

type member struct {
	Name  string ` + "`json:\"name\"`" + `
	Email string ` + "`json:\"mail,omitempty\"`" + `
}

func join(w http.ResponseWriter, r *http.Request) {
	var m member
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := db.Exec("INSERT INTO members (name, email) VALUES (?, ?)", m.Name, m.Email); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport("UNIQUE constraint failed: members.email\n", app.frame(t, "status", "main.join"))
	r.Request = report.Request{Method: "POST", URL: "/members", Body: `{"name": "dave"}`, BodyType: "application/json"}
	text := Analyze(r)
	mustHave(t, text, "The request sends no `email`", "The schema makes `email` unique at `schema.sql:6`", "a partial unique index")
}
