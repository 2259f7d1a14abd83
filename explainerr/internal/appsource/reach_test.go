package appsource

import (
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// shelfModule is a layered app of its own shape: a handler calls a
// Catalog interface, whose implementation calls a Store interface, whose
// implementation builds its queries with a builder (From("books")) over a
// connection type; the catalog's constructor passes its store through,
// the store's constructor leaves its connection out, and main's opener
// hides the package variable it meant to set.
var shelfModule = map[string]string{
	"go.mod": "module example.com/shelf\n",
	"web/handlers.go": `package web

import (
	"fmt"
	"net/http"

	"example.com/shelf/catalog"
)

// Handlers serves the shelf.
type Handlers struct{ cat catalog.Catalog }

func (h *Handlers) count(w http.ResponseWriter, r *http.Request) {
	n, err := h.cat.Count()
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	fmt.Fprint(w, n)
}
`,
	"catalog/catalog.go": `package catalog

// Catalog lists books.
type Catalog interface {
	Count() (int, error)
}

// Store keeps books.
type Store interface {
	CountBooks() (int, error)
}

type service struct {
	store Store
}

// NewCatalog returns a catalog over store.
func NewCatalog(store Store) Catalog {
	return service{store}
}

func (s service) Count() (int, error) {
	return s.store.CountBooks()
}
`,
	"store/conn.go": `package store

import "database/sql"

// Conn is a database connection with a query builder.
type Conn struct{ h *sql.DB }

// Query is a query being built.
type Query struct{ c *Conn; table string }

// Select starts a query.
func (c *Conn) Select() *Query {
	return &Query{c: c, table: c.h.Driver().(interface{ Name() string }).Name()}
}

// From names the table.
func (q *Query) From(table string) *Query { q.table = table; return q }

// Open opens a connection.
func Open(dsn string) (*Conn, error) {
	h, err := sql.Open("postgres", dsn)
	return &Conn{h: h}, err
}
`,
	"store/pg.go": `package store

// PG keeps books in PostgreSQL.
type PG struct{ db *Conn }

// NewPG returns a store.
func NewPG(db *Conn) *PG {
	return &PG{}
}

// CountBooks counts the books.
func (p *PG) CountBooks() (int, error) {
	q := p.db.Select().From("books")
	_ = q
	return 0, nil
}
`,
	"main.go": `package main

import (
	"example.com/shelf/catalog"
	"example.com/shelf/store"
)

var conn *store.Conn

// openConn connects to the database.
func openConn() error {
	conn, err := store.Open("postgres://127.0.0.1/shelf")
	if err != nil {
		return err
	}
	_ = conn
	return nil
}

func setup() catalog.Catalog {
	return catalog.NewCatalog(store.NewPG(conn))
}

func main() {
	openConn()
	setup()
}
`,
}

func shelfReport(root string, msg string, frames ...report.Frame) *report.Report {
	for i := range frames {
		frames[i].File = filepath.Join(root, filepath.FromSlash(frames[i].File))
		frames[i].Kind = report.FrameApp
	}
	return &report.Report{Error: report.Error{Kind: report.KindStatus, Message: msg}, Frames: frames}
}

// TestSecondInterfaceHop: a handler's error that came through two
// interfaces brings the second one's implementation.
func TestSecondInterfaceHop(t *testing.T) {
	root := writeModule(t, shelfModule)
	r := shelfReport(root, "internal error", report.Frame{Function: "example.com/shelf/web.(*Handlers).count", File: "web/handlers.go", Line: 16})
	got := reasons(Static(r))
	if !contains(got["implementation"], "catalog/catalog.go:service.Count") || !contains(got["implementation"], "store/pg.go:(*PG).CountBooks") {
		t.Errorf("the two hops' implementations are missing: %v", got)
	}
}

// TestBuilderTableAndSyntaxErrors: an SQL error naming a table that only a
// query builder's From names brings that function; a syntax error brings
// the query that holds the word the parser stopped at.
func TestBuilderTableAndSyntaxErrors(t *testing.T) {
	root := writeModule(t, shelfModule)
	h := report.Frame{Function: "example.com/shelf/web.(*Handlers).count", File: "web/handlers.go", Line: 16}
	// From main, whose calls reach no store: only the SQL error leads there.
	top := report.Frame{Function: "example.com/shelf.main", File: "main.go", Line: 25}
	for _, msg := range []string{`pq: relation "books" does not exist`, `ERROR: relation "public.books" does not exist (SQLSTATE 42P01)`} {
		got := reasons(Static(shelfReport(root, msg, top)))
		if !contains(got["query"], "store/pg.go:(*PG).CountBooks") {
			t.Errorf("%s: the builder's function is missing: %v", msg, got)
		}
	}
	mod := map[string]string{}
	for k, v := range shelfModule {
		mod[k] = v
	}
	mod["store/title.go"] = "package store\n\n// Title returns a book's title.\nfunc (p *PG) Title(id int) string {\n\treturn \"SELECT title FORM books WHERE id = $1\"\n}\n"
	root = writeModule(t, mod)
	for _, msg := range []string{`pq: syntax error at or near "books"`, `near "books": syntax error`, "Error 1064 (42000): You have an error in your SQL syntax; check the manual near 'books WHERE id = ?' at line 1"} {
		got := reasons(Static(shelfReport(root, msg, h)))
		if !contains(got["query"], "store/title.go:(*PG).Title") {
			t.Errorf("%s: the query is missing: %v", msg, got)
		}
	}
	if got := reasons(Static(shelfReport(root, "syntax of the input is odd", h))); len(got["query"]) > 0 {
		t.Errorf("a message that is no SQL error brought a query: %v", got)
	}
}

// TestNilValueFollowedBack: a nil pointer followed back to where it was
// left nil: the caller's receiver's constructor, a constructor's caller
// when the constructor only passes its parameter through, and the
// function whose := hides the package variable it meant to set.
func TestNilValueFollowedBack(t *testing.T) {
	root := writeModule(t, shelfModule)
	const nilMsg = "runtime error: invalid memory address or nil pointer dereference"

	// Fails inside (*Conn).Select, called on p.db: PG's constructor.
	r := shelfReport(root, nilMsg,
		report.Frame{Function: "example.com/shelf/store.(*Conn).Select", File: "store/conn.go", Line: 13},
		report.Frame{Function: "example.com/shelf/store.(*PG).CountBooks", File: "store/pg.go", Line: 13})
	r.Error.Kind = report.KindPanic
	got := reasons(Static(r))
	if !contains(got["constructor"], "store/pg.go:NewPG") {
		t.Errorf("the caller's receiver's constructor is missing: %v", got)
	}
	if !contains(got["constructor"], "main.go:openConn") {
		t.Errorf("the function hiding the package variable is missing: %v", got)
	}

	// Fails on s.store in service.Count: NewCatalog passes its parameter
	// through, so its caller follows.
	r = shelfReport(root, nilMsg, report.Frame{Function: "example.com/shelf/catalog.service.Count", File: "catalog/catalog.go", Line: 23})
	r.Error.Kind = report.KindPanic
	got = reasons(Static(r))
	if !contains(got["constructor"], "catalog/catalog.go:NewCatalog") || !contains(got["constructor"], "main.go:setup") {
		t.Errorf("the constructor and its caller are missing: %v", got)
	}

	// No nil value: none of these.
	r.Error.Message = "something else"
	if got := reasons(Static(r)); len(got["constructor"]) > 0 {
		t.Errorf("constructors for an error that is no nil value: %v", got)
	}
}

// TestShadowsNeedAnUnassignedVariable: a package variable that some
// function assigns is not hidden by another's :=, and a predeclared-type
// variable (err) is never one.
func TestShadowsNeedAnUnassignedVariable(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/vars\n",
		"db.go": `package main

import "database/sql"

type Database struct{ db *sql.DB }

var (
	database Database
	pool     *sql.DB
	err      error
)

func init() {
	db, err := sql.Open("sqlite3", "x.db")
	_, _ = db, err
}

func openPool() {
	pool, _ := sql.Open("sqlite3", "y.db")
	_ = pool
}

func reopen() {
	p, _ := sql.Open("sqlite3", "y.db")
	pool = p
}
`,
	}
	root := writeModule(t, mod)
	m := Load(filepath.Join(root, "db.go"))
	var got []string
	for _, sh := range m.Shadows() {
		got = append(got, FuncName(sh.Decl)+":"+sh.Var+"."+sh.Name)
	}
	if len(got) != 1 || got[0] != "init:database.db" {
		t.Errorf("shadows %v, want [init:database.db]", got)
	}
}

// TestDiscardedErrorOnThePath: a foreign-key violation brings the function
// on the error's path, behind an interface, that drops a lookup's error.
func TestDiscardedErrorOnThePath(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/ledger\n",
		"svc/svc.go": `package svc

// Store keeps accounts.
type Store interface {
	Get(id int) (int, error)
	Move(from, to int) error
}

// Ledger moves money.
type Ledger interface{ Transfer(from, to int) error }

type ledger struct{ store Store }

func (l ledger) Transfer(from, to int) error {
	dest, _ := l.store.Get(to)
	return l.store.Move(from, dest)
}

func (l ledger) Audit(from, to int) error {
	dest, _ := l.store.Get(to)
	return l.store.Move(from, dest)
}
`,
		"web/web.go": ledgerWeb,
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/ledger/web.(*handler).transfer", File: "web/web.go", Line: 13}
	got := reasons(Static(shelfReport(root, `ERROR: insert or update on table "moves" violates foreign key constraint "moves_to_fkey" (SQLSTATE 23503)`, fr)))
	if !contains(got["origin"], "svc/svc.go:ledger.Transfer") || contains(got["origin"], "svc/svc.go:ledger.Audit") {
		t.Errorf("the function that drops the error is not (only) the origin: %v", got)
	}
	got = reasons(Static(shelfReport(root, "internal error", fr)))
	if len(got["origin"]) > 0 {
		t.Errorf("origin chunks without a constraint failure: %v", got)
	}
}

// TestDiscardedHashIsNoLookup: a function on the error's path that drops
// the error of a hash (no row the constraint needs) is not brought for a
// foreign-key violation; the one that drops its lookup's error is.
func TestDiscardedHashIsNoLookup(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/ledger\n",
		"svc/svc.go": `package svc

import "crypto/rand"

// Store keeps accounts.
type Store interface {
	AccountByNumber(n string) (int, error)
	Move(from, to int, note []byte) error
}

// Ledger moves money.
type Ledger interface{ Transfer(from, to int) error }

type ledger struct{ store Store }

func salt() []byte {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return b
}

func seal(note []byte) []byte {
	sealed, _ := encrypt(note, salt())
	return sealed
}

func encrypt(b, key []byte) ([]byte, error) { return b, nil }

func (l ledger) Transfer(from, to int) error {
	return l.store.Move(from, to, seal(nil))
}
`,
		"web/web.go": ledgerWeb,
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/ledger/web.(*handler).transfer", File: "web/web.go", Line: 13}
	got := reasons(Static(shelfReport(root, `ERROR: insert or update on table "moves" violates foreign key constraint "moves_to_fkey" (SQLSTATE 23503)`, fr)))
	if contains(got["origin"], "svc/svc.go:seal") {
		t.Errorf("a dropped encryption error is an origin of a foreign-key violation: %v", got)
	}
}

// TestTransactionUsedAfterItEnded: a transaction used after its commit
// brings the implementation on the error's path that commits it.
func TestTransactionUsedAfterItEnded(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/ledger\n",
		"svc/svc.go": `package svc

import "database/sql"

// Ledger moves money.
type Ledger interface{ Transfer(from, to int) error }

type ledger struct{ db *sql.DB }

func (l ledger) Transfer(from, to int) error {
	tx, err := l.db.Begin()
	if err != nil {
		return err
	}
	tx.Commit()
	_, err = tx.Exec("UPDATE accounts SET balance = balance - 1 WHERE id = $1", from)
	return err
}
`,
		"web/web.go": ledgerWeb,
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/ledger/web.(*handler).transfer", File: "web/web.go", Line: 13}
	got := reasons(Static(shelfReport(root, "sql: transaction has already been committed or rolled back", fr)))
	if !contains(got["origin"], "svc/svc.go:ledger.Transfer") {
		t.Errorf("the function that commits is missing: %v", got)
	}
}

// ledgerWeb is the handler of the ledger modules above: it calls the
// Ledger interface and answers its error with a 500.
const ledgerWeb = `package web

import (
	"net/http"

	"example.com/ledger/svc"
)

type handler struct{ books svc.Ledger }

func (h *handler) transfer(w http.ResponseWriter, r *http.Request) {
	if err := h.books.Transfer(1, 999); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`

// TestInterfaceFieldDeclaredInAnotherFile: a call through a field of a
// field (h.services.Lists.All()) whose struct is declared in a file of
// another package, with imports the calling file does not have, reaches
// the implementation; an unquoted lib/pq column error brings the query.
func TestInterfaceFieldDeclaredInAnotherFile(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/lists\n",
		"service/service.go": `package service

import "example.com/lists/store"

// Lists lists.
type Lists interface{ All() ([]string, error) }

// Service groups the services.
type Service struct {
	Lists
}

// New returns the services.
func New(s *store.PG) *Service { return &Service{Lists: s} }
`,
		"store/pg.go": `package store

import "database/sql"

// PG keeps lists.
type PG struct{ db *sql.DB }

// All returns the lists.
func (p *PG) All() ([]string, error) {
	_, err := p.db.Query("SELECT tl.title FROM todo_lists tl")
	return nil, err
}
`,
		"web/handler.go": `package web

import "example.com/lists/service"

// Handler serves.
type Handler struct{ services *service.Service }
`,
		"web/lists.go": `package web

import "net/http"

func (h *Handler) lists(w http.ResponseWriter, r *http.Request) {
	_, err := h.services.Lists.All()
	if err != nil {
		http.Error(w, err.Error(), 500)
	}
}
`,
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/lists/web.(*Handler).lists", File: "web/lists.go", Line: 8}
	got := reasons(Static(shelfReport(root, "internal error", fr)))
	if !contains(got["implementation"], "store/pg.go:(*PG).All") {
		t.Errorf("the implementation is missing: %v", got)
	}
	if name, table := sqlErrorNames(shelfReport(root, "pq: column tl.titel does not exist")); name != "titel" || table != "tl" {
		t.Errorf("names %q %q", name, table)
	}
}

// TestPreciseChunksFollowTheInnermostFrame: the query an SQL error names
// comes right after the innermost frame, before the outer frames and the
// callees,
// and a closure's frame inside a function already shown is not repeated;
// an SQL error inside a JSON body (escaped quotes) is read.
func TestPreciseChunksFollowTheInnermostFrame(t *testing.T) {
	root := writeModule(t, shelfModule)
	r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "example.com/shelf/store.(*Conn).Select", File: "store/conn.go", Line: 13},
		report.Frame{Function: "example.com/shelf/store.(*PG).CountBooks", File: "store/pg.go", Line: 13},
		report.Frame{Function: "example.com/shelf/store.(*PG).CountBooks.func1", File: "store/pg.go", Line: 13})
	r.Error.Kind = report.KindPanic
	cs := Static(r)
	frames := 0
	for _, c := range cs {
		if c.File == "store/pg.go" && c.Reason == "frame" {
			frames++
		}
	}
	if frames != 1 {
		t.Errorf("CountBooks shown %d times as a frame: %v", frames, reasonsInOrder(cs))
	}

	h := report.Frame{Function: "example.com/shelf.main", File: "main.go", Line: 25}
	w := report.Frame{Function: "example.com/shelf/web.(*Handlers).count", File: "web/handlers.go", Line: 16}
	cs = Static(shelfReport(root, `{"error":"ERROR: relation \"books\" does not exist (SQLSTATE 42P01)"}`, h, w))
	if len(cs) < 4 || cs[0].Reason != "frame" || cs[1].Reason != "query" || cs[1].Symbol != "(*PG).CountBooks" || cs[2].Reason != "frame" {
		t.Errorf("the escaped SQL error's query does not follow the innermost frame: %v", reasonsInOrder(cs))
	}
}

func reasonsInOrder(cs []report.Chunk) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Reason+":"+c.Symbol)
	}
	return out
}

// TestInterfaceBehindADirectCall: a handler calls a service function
// directly, and the service calls its store through an interface given
// as a parameter: the store's implementation is in the context.
func TestInterfaceBehindADirectCall(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/authd\n",
		"data/data.go": `package data

// Accounts finds accounts.
type Accounts interface{ FindByName(name string) (int, error) }
`,
		"data/sqlite/accounts.go": `package sqlite

import "database/sql"

// Accounts is the SQLite store.
type Accounts struct{ db *sql.DB }

// FindByName finds an account.
func (a *Accounts) FindByName(name string) (int, error) {
	var id int
	err := a.db.QueryRow("SELECT id FROM accounts WHERE username = ?", name).Scan(&id)
	return id, err
}
`,
		"services/verify.go": `package services

import "example.com/authd/data"

// Verify checks a name.
func Verify(store data.Accounts, name string) (int, error) {
	return store.FindByName(name)
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/authd/data"
	"example.com/authd/services"
)

var store data.Accounts

func login(w http.ResponseWriter, r *http.Request) {
	if _, err := services.Verify(store, r.FormValue("name")); err != nil {
		panic(err)
	}
}
`,
	})
	fr := report.Frame{Function: "example.com/authd/web.login", File: "web/web.go", Line: 14}
	got := reasons(Static(shelfReport(root, "FindByName: sql: no rows in result set", fr)))
	if !contains(got["implementation"], "data/sqlite/accounts.go:(*Accounts).FindByName") {
		t.Errorf("the store behind the service's interface is missing: %v", got)
	}
}
