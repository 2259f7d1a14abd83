package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// readerFiles is an app whose handlers answer a fixed text for any error
// and log none; its store's queries, kept in constants, name a table and
// columns its migrations (tern's, with their drop parts) do not have.
func readerFiles(query string) map[string]string {
	return map[string]string{
		"go.mod":                             "module example.com/reader\n\ngo 1.22\n",
		"migrations/001_create_feeds.sql":    "create table feeds(\n  id serial primary key,\n  name varchar not null,\n  last_failure varchar,\n  last_failure_time timestamptz\n);\n\n---- create above / drop below ----\n\ndrop table feeds;\n",
		"migrations/002_create_items.sql":    "create table items(\n  id serial primary key,\n  feed_id integer not null references feeds,\n  publication_time timestamptz\n);\n\n---- create above / drop below ----\n\ndrop table items;\n",
		"migrations/003_rename_pub_time.sql": "alter table items rename column publication_time to published_at;\n\n---- create above / drop below ----\n\nalter table items rename column published_at to publication_time;\n",
		"data/items.go": `package data

import "database/sql"

const listSQL = ` + "`" + query + "`" + `

// ListItems lists a feed's items.
func ListItems(db *sql.DB, feed int) error {
	rows, err := db.Query(listSQL, feed)
	if err != nil {
		return err
	}
	return rows.Close()
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/reader/data"
)

func items(w http.ResponseWriter, r *http.Request, db *sql.DB) {
	if err := data.ListItems(db, 1); err != nil {
		http.Error(w, "Internal server error", http.StatusInternalServerError) //!items
		return
	}
}
`,
	}
}

// TestUnseenErrorReadAgainstTheSchema: the handler shows and logs none of
// the error's words; the query the failing call runs names a table no
// migration creates, a column renamed by a migration, or one its tables
// have under a close name, and is named with the fix. A query the
// schema allows names nothing.
func TestUnseenErrorReadAgainstTheSchema(t *testing.T) {
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"select items.id from items join feed on feed.id = items.feed_id where items.feed_id = $1", []string{"names the table `feed`, which no migration creates", "In `ListItems`, name `feeds` instead of `feed`"}},
		{"select id, publication_time from items where feed_id = $1 order by publication_time", []string{"a migration renamed", "In `ListItems`, name `published_at` instead of `publication_time`"}},
		{"select feeds.id, last_failure_at from feeds join items on feeds.id = items.feed_id where feeds.id = $1", []string{"`feeds` has `last_failure_time`", "name `last_failure_time` instead of `last_failure_at`"}},
	} {
		app := writeMarkedApp(t, readerFiles(c.query))
		fr := app.frame(t, "items", "example.com/reader/web.items")
		text := Analyze(statusReport("Internal server error\n", fr))
		mustHave(t, text, append(c.want, "were neither shown nor logged", "Log the error")...)
	}
	app := writeMarkedApp(t, readerFiles("select id, published_at from items where feed_id = $1"))
	fr := app.frame(t, "items", "example.com/reader/web.items")
	mustLack(t, Analyze(statusReport("Internal server error\n", fr)), "neither shown nor logged", "instead of")
}

// TestUnseenErrorLostToAVWrap: the handler tests the error for
// sql.ErrNoRows before answering a fixed 500 text; the call that returned
// it wraps its error with %v. The wrap is named as what hides the
// sentinel, said conditionally, since the error's words are unseen.
func TestUnseenErrorLostToAVWrap(t *testing.T) {
	files := readerFiles("select id from items where id = $1")
	files["data/mark.go"] = `package data

import (
	"database/sql"
	"fmt"
)

// Mark marks an item read.
func Mark(db *sql.DB, id int) error {
	var n int
	if err := db.QueryRow("select id from items where id = $1", id).Scan(&n); err != nil {
		return fmt.Errorf("mark item %d: %v", id, err)
	}
	return nil
}
`
	files["web/mark.go"] = `package web

import (
	"database/sql"
	"errors"
	"net/http"

	"example.com/reader/data"
)

func mark(w http.ResponseWriter, r *http.Request, db *sql.DB) {
	err := data.Mark(db, 7)
	if errors.Is(err, sql.ErrNoRows) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "Internal server error", http.StatusInternalServerError) //!mark
	}
}
`
	app := writeMarkedApp(t, files)
	fr := app.frame(t, "mark", "example.com/reader/web.mark")
	text := Analyze(statusReport("Internal server error\n", fr))
	mustHave(t, text, "whether it was `sql.ErrNoRows` cannot be read here", "formats `err` with `\"%v\"`", "Wrap it with `\"%w\"` instead of `\"%v\"` at `data/mark.go:12`")
}

// TestUnseenErrorTestsARenamedConstraint: the handler answers a fixed
// 500 text (after a type assertion that shadows err); the store tells a
// duplicate by an index name a migration renamed: that test and the
// rename are named.
func TestUnseenErrorTestsARenamedConstraint(t *testing.T) {
	files := readerFiles("select id from items where feed_id = $1")
	files["migrations/004_rename_feed_name.sql"] = "alter index feeds_name_unq rename to feeds_name_key;\n\n---- create above / drop below ----\n\nalter index feeds_name_key rename to feeds_name_unq;\n"
	files["data/feeds.go"] = `package data

import (
	"database/sql"
	"strings"
)

// Taken is a name already taken.
type Taken struct{ Field string }

func (t Taken) Error() string { return t.Field + " taken" }

// AddFeed adds a feed.
func AddFeed(db *sql.DB, name string) error {
	_, err := db.Exec("insert into feeds (name) values ($1)", name)
	if err != nil {
		if strings.Contains(err.Error(), "feeds_name_unq") {
			return Taken{Field: "name"}
		}
		return err
	}
	return nil
}
`
	files["web/feeds.go"] = `package web

import (
	"database/sql"
	"net/http"

	"example.com/reader/data"
)

func addFeed(w http.ResponseWriter, r *http.Request, db *sql.DB) {
	err := data.AddFeed(db, r.FormValue("name"))
	if err != nil {
		if err, ok := err.(data.Taken); ok {
			http.Error(w, err.Error(), 422)
			return
		} else {
			http.Error(w, "Internal server error", http.StatusInternalServerError) //!feeds
			return
		}
	}
}
`
	app := writeMarkedApp(t, files)
	fr := app.frame(t, "feeds", "example.com/reader/web.addFeed")
	text := Analyze(statusReport("Internal server error\n", fr))
	mustHave(t, text, "tells the violation it answers by the name `feeds_name_unq`", "renames `feeds_name_unq` to `feeds_name_key`", "test for `feeds_name_key` instead of `feeds_name_unq`")
}

// kioskFiles is an app whose API answers every failure through a helper
// handed the error, with a fixed JSON body and no log line; the handler
// switches on the path. Its schema names the column "owner_name".
func kioskFiles(adoptQuery string) map[string]string {
	return map[string]string{
		"go.mod":            "module example.com/kiosk\n\ngo 1.22\n",
		"schema/schema.sql": "CREATE TABLE dogs (\n  id INTEGER PRIMARY KEY,\n  owner_name TEXT\n);\n",
		"store/dogs.go": `package store

import "database/sql"

// Dogs is the dogs' store.
type Dogs struct{ DB *sql.DB }

// Adopt gives a dog an owner.
func (d Dogs) Adopt(id int, owner string) error {
	_, err := d.DB.Exec("` + adoptQuery + `", owner, id)
	return err
}

// Release frees a dog and logs it.
func (d Dogs) Release(id int) error {
	tx, err := d.DB.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("UPDATE dogs SET owner_name = NULL WHERE id = ?", id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = tx.Exec("INSERT INTO releases (dog) VALUES (?)", id)
	return err
}

// Count counts the dogs.
func (d Dogs) Count() (int, error) {
	var n int
	err := d.DB.QueryRow("SELECT count(*) FROM dogs").Scan(&n)
	return n, err
}
`,
		"api/api.go": `package api

import (
	"net/http"

	"example.com/kiosk/store"
)

// API serves the kiosk's API.
type API struct{ Dogs store.Dogs }

func (a *API) adopt(w http.ResponseWriter, r *http.Request) error {
	return a.Dogs.Adopt(7, r.FormValue("owner"))
}

func (a *API) release(w http.ResponseWriter, r *http.Request) error {
	return a.Dogs.Release(7)
}

func (a *API) count(w http.ResponseWriter, r *http.Request) error {
	_, err := a.Dogs.Count()
	return err
}

// ServeHTTP routes by path.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var err error
	switch r.URL.Path {
	case "/v1/adopt":
		err = a.adopt(w, r)
	case "/v1/release":
		err = a.release(w, r)
	case "/v1/count":
		err = a.count(w, r)
	default:
		err = http.ErrNotSupported
	}
	if err != nil {
		code, err := a.reply(w, err) //!serve
		_, _ = code, err
	}
}

func (a *API) reply(w http.ResponseWriter, e error) (int, error) {
	w.WriteHeader(http.StatusInternalServerError) //!reply
	_, err := w.Write([]byte("{\"status\":500,\"error\":\"Internal Server Error\"}"))
	return 500, err
}
`,
	}
}

// TestUnseenErrorBehindAnErrorHelper: the status is written by a helper
// the handler hands the error to, with a JSON body that holds only the
// status's text. The failed call is the one of the case the request's
// path matched; a query there that the schema rules out, or a transaction
// used after its Commit, is named, and otherwise the functions below the
// call that run statements are.
func TestUnseenErrorBehindAnErrorHelper(t *testing.T) {
	const body = `{"status":500,"error":"Internal Server Error"}`
	statusFor := func(app *snipApp, path string) *report.Report {
		r := statusReport(body, app.frame(t, "reply", "example.com/kiosk/api.(*API).reply"), app.frame(t, "serve", "example.com/kiosk/api.(*API).ServeHTTP"))
		r.Request.Method, r.Request.URL = "POST", path
		return r
	}
	app := writeMarkedApp(t, kioskFiles("UPDATE dogs SET owner_nam = ? WHERE id = ?"))
	mustHave(t, Analyze(statusFor(app, "/v1/adopt")), "without the error", "were neither shown nor logged", "`Dogs.Adopt`", "name `owner_name` instead of `owner_nam`")
	r := statusFor(app, "/v1/count")
	// The request's own access line says nothing of the error either.
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 [REQUEST] 127.0.0.1 POST 500 /v1/count"}}
	text := Analyze(r)
	mustHave(t, text, "without saying what failed", "`err = a.count(w, r)`", "`Dogs.Count` (`dogs.go:", "runs statements", "Log the error")
	mustLack(t, text, "owner_nam", "Dogs.Adopt", "does not recognise")
	mustHave(t, Analyze(statusFor(app, "/v1/release")), "a transaction `Dogs.Release` uses after it ended", "move the `Commit` at `dogs.go:24` below `dogs.go:27`")
	app = writeMarkedApp(t, kioskFiles("UPDATE dogs SET owner_name = ? WHERE id = ?"))
	mustHave(t, Analyze(statusFor(app, "/v1/adopt")), "`Dogs.Adopt` (`dogs.go:", "runs statements or ends a transaction")
}
