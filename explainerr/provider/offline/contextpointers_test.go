package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestPointsToTheContextsLeads: the query and the schema the source
// context holds for an SQL error the explanation does not name are
// pointed at in the location section, the function at its declaration's
// line; a constructor is not, and a lead already named is not repeated.
func TestPointsToTheContextsLeads(t *testing.T) {
	r := statusReport(`pq: column "titel" of relation "album" does not exist`, report.Frame{Function: "example.com/albums/web.Errors.func1", File: "/src/albums/web/errors.go", Line: 12, Kind: report.FrameApp})
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "web/errors.go", StartLine: 10, EndLine: 14, Symbol: "Errors", Kind: "func", Reason: report.ReasonFrame, Text: "func Errors() {\n}"},
		{File: "store/albums.go", StartLine: 20, EndLine: 26, Symbol: "Repo.List", Kind: "func", Reason: report.ReasonQuery, Text: "// List lists.\nfunc (r Repo) List() {\n\tr.db.Select().OrderBy(\"titel\")\n}"},
		{File: "migrations/001_init.up.sql", StartLine: 1, EndLine: 4, Symbol: "001_init.up.sql", Kind: "sql", Reason: report.ReasonSchema, Text: "CREATE TABLE album (\n  title text\n);"},
		{File: "store/albums.go", StartLine: 5, EndLine: 7, Symbol: "NewRepo", Kind: "func", Reason: report.ReasonConstructor, Text: "func NewRepo() Repo {\n}"},
		{File: "migrations/002_users.up.sql", StartLine: 1, EndLine: 3, Symbol: "002_users.up.sql", Kind: "sql", Reason: report.ReasonSchema, Text: "CREATE TABLE users (\n  name text\n);"},
	}
	text := Analyze(r)
	// The request did not reach the query (no module here): it is a
	// query that names the column, not the one that failed. The schema
	// of the table the error names is cited by the explanation already;
	// another table's is not pointed at.
	for _, want := range []string{"a query that names `titel`: `Repo.List` (`albums.go:21`)", "`001_init.up.sql:1`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "the query the SQL error is about") || strings.Contains(text, "002_users") {
		t.Errorf("a claim the chunks do not show, or another table's schema:\n%s", text)
	}
	if strings.Contains(text, "NewRepo") {
		t.Errorf("a constructor is pointed at:\n%s", text)
	}
	if n := strings.Count(text, "`Repo.List`"); n != 1 {
		t.Errorf("Repo.List named %d times:\n%s", n, text)
	}
}

// albumFiles is an app whose handler runs a store's query.
var albumFiles = map[string]string{
	"go.mod": "module example.com/albums\n\ngo 1.22\n",
	"store/store.go": `package store

import "database/sql"

// Store keeps albums.
type Store struct{ db *sql.DB }

// Titles lists the titles.
func (s *Store) Titles() error {
	_, err := s.db.Query("SELECT titel FROM album")
	return err
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/albums/store"
)

var albums *store.Store

func list(w http.ResponseWriter, r *http.Request) {
	if err := albums.Titles(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestPointsToTheFailingQuery: a query the request reached is the one the
// SQL error is about, and the schema of a table it reads is its table's.
func TestPointsToTheFailingQuery(t *testing.T) {
	app := writeMarkedApp(t, albumFiles)
	r := statusReport(`pq: column "titel" does not exist`, app.frame(t, "status", "main.list"))
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "store/store.go", StartLine: 8, EndLine: 12, Symbol: "(*Store).Titles", Kind: "func", Reason: report.ReasonQuery, Text: "// Titles lists the titles.\nfunc (s *Store) Titles() error {\n\t_, err := s.db.Query(\"SELECT titel FROM album\")\n\treturn err\n}"},
		{File: "migrations/001_init.up.sql", StartLine: 1, EndLine: 4, Symbol: "001_init.up.sql", Kind: "sql", Reason: report.ReasonSchema, Text: "CREATE TABLE album (\n  title text\n);"},
	}
	text := Analyze(r)
	// The query is named where it is cited, so the pointer has nothing
	// to add.
	for _, want := range []string{"The query is at `(*Store).Titles` (`store.go:10`)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}

// TestOriginLeadSaysWhatItShows: an origin chunk whose literals are part
// of the failure's message is where the message is made; one that holds
// none of its words (a check that dropped its lookup's error) is only a
// function on the request's path the failure may come from.
func TestOriginLeadSaysWhatItShows(t *testing.T) {
	r := statusReport(`ERROR: insert or update on table "moves" violates foreign key constraint "moves_to_fkey" (SQLSTATE 23503)`, report.Frame{Function: "example.com/ledger/web.Errors.func1", File: "/src/ledger/web/errors.go", Line: 12, Kind: report.FrameApp})
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "web/errors.go", StartLine: 10, EndLine: 14, Symbol: "Errors", Kind: "func", Reason: report.ReasonFrame, Text: "func Errors() {\n}"},
		{File: "svc/svc.go", StartLine: 20, EndLine: 23, Symbol: "ledger.Transfer", Kind: "func", Reason: report.ReasonOrigin, Text: "func (l ledger) Transfer(from, to int) error {\n\tdest, _ := l.store.Get(to)\n\treturn l.store.Move(from, dest)\n}"},
	}
	text := Analyze(r)
	if strings.Contains(text, "where the error's message is made") || !strings.Contains(text, "a function on the failing request's path the failure may come from: `ledger.Transfer`") {
		t.Errorf("the lead says what the chunk does not show:\n%s", text)
	}
	r.Error.Message = "moving money: insufficient funds in account 7"
	r.Context[1].Text = "func (l ledger) Transfer(from, to int) error {\n\treturn fmt.Errorf(\"moving money: insufficient funds in account %d\", from)\n}"
	text = Analyze(r)
	if !strings.Contains(text, "where the error's message is made: `ledger.Transfer`") {
		t.Errorf("the chunk that makes the message is not said to:\n%s", text)
	}
}

// TestConstraintLeadIsAWrite: a query chunk that only reads is never
// said to be the query a constraint's violation is about; one that
// writes, in SQL or through an ORM, may be, and any query may be for an
// error that is no constraint's.
func TestConstraintLeadIsAWrite(t *testing.T) {
	reached := map[string]bool{"repo.go\x00(*Repo).Get": true, "repo.go\x00(*Repo).Save": true, "repo.go\x00(*Repo).Add": true}
	read := report.Chunk{File: "repo.go", Symbol: "(*Repo).Get", Reason: report.ReasonQuery, Text: "func (r *Repo) Get(id int) (Chore, error) {\n\tvar c Chore\n\treturn c, r.db.Where(\"id = ?\", id).First(&c).Error\n}"}
	orm := report.Chunk{File: "repo.go", Symbol: "(*Repo).Save", Reason: report.ReasonQuery, Text: "func (r *Repo) Save(a []Assignee) error {\n\treturn r.db.Save(&a).Error\n}"}
	sql := report.Chunk{File: "repo.go", Symbol: "(*Repo).Add", Reason: report.ReasonQuery, Text: "func (r *Repo) Add(name string) error {\n\t_, err := r.db.Exec(`INSERT INTO chores (name) VALUES (?)`, name)\n\treturn err\n}"}
	writes := sqlLeads{reached: reached, writes: true}
	if writes.failing(read) {
		t.Error("a read is said to meet a constraint")
	}
	if !writes.failing(orm) || !writes.failing(sql) {
		t.Error("a write is not taken as the statement that met the constraint")
	}
	if !(sqlLeads{reached: reached}).failing(read) {
		t.Error("a read is not taken for an error that is no constraint's")
	}
}

// TestSchemaLeadIsTheErrorsTable: for an error that names its table
// (tag.slug), a schema chunk that defines another table with a column of
// that name is not pointed at; the table's own is, and one that defines
// no table but names the column may be.
func TestSchemaLeadIsTheErrorsTable(t *testing.T) {
	l := sqlLeads{name: "slug", table: "tag", tables: map[string]bool{"tag": true}}
	other := report.Chunk{File: "table.sql", Reason: report.ReasonSchema, Text: "create table if not exists category\n(\n    id int,\n    slug varchar(255) not null\n);"}
	own := report.Chunk{File: "table.sql", Reason: report.ReasonSchema, Text: "create table if not exists tag\n(\n    id int,\n    slug varchar(50)\n);"}
	index := report.Chunk{File: "table.sql", Reason: report.ReasonSchema, Text: "create unique index tag_slug on tag (slug);"}
	if s, ok := l.of(other); ok {
		t.Errorf("another table's schema is pointed at: %s", s)
	}
	if _, ok := l.of(own); !ok {
		t.Error("the table's own schema is not pointed at")
	}
	if _, ok := l.of(index); !ok {
		t.Error("a statement that names the column and defines no table is not pointed at")
	}
}

// shelfFiles is an app with two methods that make one message; the
// request runs only one of them.
var shelfFiles = map[string]string{
	"go.mod": "module example.com/shelf\n\ngo 1.22\n",
	"store/books.go": `package store

import (
	"database/sql"
	"fmt"
)

// Books keeps the shelf.
type Books struct{ db *sql.DB }

// Lend marks a book lent.
func (b *Books) Lend(id int) error {
	if _, err := b.db.Exec("UPDATE books SET lent = 1 WHERE id = ?", id); err != nil {
		return fmt.Errorf("book %d could not be handled: %v", id, err)
	}
	return nil
}

// Remove takes a book off the shelf.
func (b *Books) Remove(id int) error {
	if _, err := b.db.Exec("DELETE FROM books WHERE id = ?", id); err != nil {
		return fmt.Errorf("book %d could not be handled: %v", id, err)
	}
	return nil
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/shelf/store"
)

var books *store.Books

func lend(w http.ResponseWriter, r *http.Request) {
	if err := books.Lend(4); err != nil {
		w.WriteHeader(http.StatusInternalServerError) //!status
	}
}
`,
}

// TestOriginLeadTheRequestRan: of two functions that make the failure's
// message, only the one the request may have run is pointed at as where
// the message is made.
func TestOriginLeadTheRequestRan(t *testing.T) {
	app := writeMarkedApp(t, shelfFiles)
	r := statusReport("book 4 could not be handled: database is locked", app.frame(t, "status", "main.lend"))
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "store/books.go", StartLine: 21, EndLine: 26, Symbol: "(*Books).Remove", Kind: "func", Reason: report.ReasonOrigin, Text: "func (b *Books) Remove(id int) error {\n\tif _, err := b.db.Exec(\"DELETE FROM books WHERE id = ?\", id); err != nil {\n\t\treturn fmt.Errorf(\"book %d could not be handled: %v\", id, err)\n\t}\n\treturn nil\n}"},
		{File: "store/books.go", StartLine: 13, EndLine: 18, Symbol: "(*Books).Lend", Kind: "func", Reason: report.ReasonOrigin, Text: "func (b *Books) Lend(id int) error {\n\tif _, err := b.db.Exec(\"UPDATE books SET lent = 1 WHERE id = ?\", id); err != nil {\n\t\treturn fmt.Errorf(\"book %d could not be handled: %v\", id, err)\n\t}\n\treturn nil\n}"},
	}
	text := Analyze(r)
	if strings.Contains(text, "Remove") {
		t.Errorf("a function the request did not run is pointed at:\n%s", text)
	}
	if !strings.Contains(text, "`(*Books).Lend`") {
		t.Errorf("the function the request ran is not named:\n%s", text)
	}
}

// TestMissingTableLeadNamesItAsATable: for a table the database lacks, a
// query that names the word as a column is not pointed at as a query
// that names it; one that names it where a table goes is.
func TestMissingTableLeadNamesItAsATable(t *testing.T) {
	r := statusReport("SQL logic error: no such table: members (1)", report.Frame{Function: "example.com/club/web.Errors.func1", File: "/src/club/web/errors.go", Line: 12, Kind: report.FrameApp})
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "store/roles.go", StartLine: 10, EndLine: 12, Symbol: "RolesOf", Kind: "func", Reason: report.ReasonQuery, Text: "func RolesOf(id int) {\n\tdb.Where(\"members LIKE ?\", id).Find(&roles)\n}"},
		{File: "store/members.go", StartLine: 20, EndLine: 22, Symbol: "Count", Kind: "func", Reason: report.ReasonQuery, Text: "func Count() {\n\tdb.Raw(\"SELECT count(*) FROM members\").Scan(&n)\n}"},
	}
	text := Analyze(r)
	if strings.Contains(text, "`RolesOf`") {
		t.Errorf("a query that names the table's word as a column is pointed at:\n%s", text)
	}
	if !strings.Contains(text, "a query that names `members`: `Count`") {
		t.Errorf("the query of the table is not pointed at:\n%s", text)
	}
}
