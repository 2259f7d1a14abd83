package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The shapes below are this package's own: a shop whose failing code is
// reached by no call of the stack from where its fix is (a configuration
// value's field never set, a handler literal that leaves out its store, a
// transaction ended by the caller of the function that wraps its error,
// a uniqueness check that drops its query's error).

// settingsModule keeps its loggers in a configuration struct: main's
// setup sets some of its fields on a package variable and hands it by
// pointer to the audit package, whose plain functions read it.
var settingsModule = map[string]string{
	"go.mod": "module example.com/shop\n",
	"conf/conf.go": `package conf

import "log"

// Settings configures the shop.
type Settings struct {
	Audit *log.Logger
	Debug *log.Logger
	Name  string
	Port  int
}
`,
	"audit/audit.go": `package audit

import (
	"net/http"

	"example.com/shop/conf"
)

var settings *conf.Settings

// Use keeps the shop's settings.
func Use(s *conf.Settings) { settings = s }

// Fail answers a request that failed.
func Fail(w http.ResponseWriter, err error) {
	settings.Audit.Printf("failed: %v", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// FailWith answers a request that failed, with the settings given.
func FailWith(s *conf.Settings, w http.ResponseWriter, err error) {
	s.Audit.Printf("failed: %v", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}
`,
	"main.go": `package main

import (
	"log"
	"os"

	"example.com/shop/audit"
	"example.com/shop/conf"
)

var shop conf.Settings

func setup() {
	shop.Debug = log.New(os.Stderr, "debug ", 0)
	shop.Name = "shop"
	shop.Port = 8080
	audit.Use(&shop)
}

func other() {
	shop.Port = 9090
}

func main() { setup() }
`,
	"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/shop/audit"
)

func order(w http.ResponseWriter, r *http.Request) {
	audit.Fail(w, errors.New("no such order"))
}
`,
}

const nilPointer = "runtime error: invalid memory address or nil pointer dereference"

// TestNilFieldOfAPackageVariable: a nil field read through a package
// variable (or a pointer parameter) of a configuration type in a plain
// function brings the function that sets the type's other fields, right
// after the innermost frame; one that sets the field itself comes first.
func TestNilFieldOfAPackageVariable(t *testing.T) {
	root := writeModule(t, settingsModule)
	outer := report.Frame{Function: "example.com/shop/web.order", File: "web/web.go", Line: 11}
	for _, fr := range []report.Frame{
		{Function: "example.com/shop/audit.Fail", File: "audit/audit.go", Line: 16},
		{Function: "example.com/shop/audit.FailWith", File: "audit/audit.go", Line: 22},
	} {
		r := shelfReport(root, nilPointer, fr, outer)
		r.Error.Kind = report.KindPanic
		cs := Static(r)
		if len(cs) < 2 || cs[1].Reason != report.ReasonConstructor || cs[1].Symbol != "setup" {
			t.Errorf("%s: the function that configures the settings does not follow the frame: %v", fr.Function, reasonsInOrder(cs))
		}
		r.Error.Message = "no such order"
		if got := reasons(Static(r)); len(got["constructor"]) > 0 {
			t.Errorf("%s: constructors for an error that is no nil value: %v", fr.Function, got)
		}
	}

	mod := map[string]string{}
	for k, v := range settingsModule {
		mod[k] = v
	}
	mod["logs.go"] = "package main\n\nimport \"log\"\n\nfunc openAudit() {\n\tif shop.Port > 0 {\n\t\tshop.Audit = log.Default()\n\t}\n}\n"
	root = writeModule(t, mod)
	r := shelfReport(root, nilPointer, report.Frame{Function: "example.com/shop/audit.Fail", File: "audit/audit.go", Line: 16})
	r.Error.Kind = report.KindPanic
	cs := Static(r)
	if len(cs) < 3 || cs[1].Symbol != "openAudit" || cs[2].Symbol != "setup" {
		t.Errorf("the function that sets the field does not come first: %v", reasonsInOrder(cs))
	}
}

// productsModule's handler literal leaves out the store its methods call;
// the store's method is where the nil receiver fails, and two long
// middleware frames follow the handler's.
var productsModule = map[string]string{
	"go.mod": "module example.com/catalog\n",
	"store/store.go": `package store

import "database/sql"

// Store keeps products.
type Store struct{ db *sql.DB }

// New returns a store over db.
func New(db *sql.DB) *Store { return &Store{db: db} }

// Products counts the products.
func (s *Store) Products() (int, error) {
	var n int
	err := s.db.QueryRow("SELECT count(*) FROM products").Scan(&n)
	return n, err
}
`,
	"api/api.go": `package api

import (
	"log"
	"net/http"

	"example.com/catalog/store"
)

type api struct {
	store *store.Store
	log   *log.Logger
}

// Routes serves the catalog's API.
func Routes(s *store.Store, l *log.Logger) http.Handler {
	a := &api{log: l}
	mux := http.NewServeMux()
	mux.HandleFunc("/products", a.products)
	return mux
}

func (a *api) products(w http.ResponseWriter, r *http.Request) {
	n, err := a.store.Products()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	a.log.Println(n)
}
`,
	"api/middleware.go": "package api\n\nimport \"net/http\"\n\n" + longMiddleware("auth") + longMiddleware("cors"),
}

// longMiddleware is a middleware function of many lines, as real ones
// are, named name.
func longMiddleware(name string) string {
	var b strings.Builder
	b.WriteString("func " + name + "(next http.Handler) http.Handler {\n\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {\n")
	for i := 0; i < 40; i++ {
		b.WriteString("\t\tif r.Header.Get(\"X-" + name + "\") == \"a value that is checked here\" {\n\t\t\tw.Header().Set(\"X-Seen\", \"yes\")\n\t\t}\n")
	}
	b.WriteString("\t\tnext.ServeHTTP(w, r)\n\t})\n}\n\n")
	return b.String()
}

// TestLiteralThatLeftOutTheReceiverFieldComesFirst: a nil receiver that a
// caller's field carried brings the function whose literal of the
// caller's type leaves that field out, right after the innermost frame,
// before the outer frames that the prompt budget would cut it behind.
func TestLiteralThatLeftOutTheReceiverFieldComesFirst(t *testing.T) {
	root := writeModule(t, productsModule)
	r := shelfReport(root, nilPointer,
		report.Frame{Function: "example.com/catalog/store.(*Store).Products", File: "store/store.go", Line: 14},
		report.Frame{Function: "example.com/catalog/api.(*api).products", File: "api/api.go", Line: 24},
		report.Frame{Function: "example.com/catalog/api.auth.func1", File: "api/middleware.go", Line: 125},
		report.Frame{Function: "example.com/catalog/api.cors.func1", File: "api/middleware.go", Line: 250})
	r.Error.Kind = report.KindPanic
	cs := Static(r)
	if len(cs) < 2 || cs[1].Reason != report.ReasonConstructor || cs[1].Symbol != "Routes" {
		t.Errorf("the literal that left the store out does not follow the innermost frame: %v", reasonsInOrder(cs))
	}
}

// ledgerTxModule ends its transaction before the helper it hands the
// transaction to inserts on it; the helper wraps the error, and the
// response is written by a helper of its own, so no frame shows the
// store. Another function owns a transaction it hands the helper too.
var ledgerTxModule = map[string]string{
	"go.mod": "module example.com/books\n",
	"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Store keeps entries.
type Store struct{ db *sql.DB }

func (s *Store) writeEntry(tx *sql.Tx, title string) error {
	if _, err := tx.Exec("INSERT INTO entries (title) VALUES ($1)", title); err != nil {
		return fmt.Errorf("store: unable to write entry %q: %v", title, err)
	}
	return nil
}

// Sync writes the entries of a refresh.
func (s *Store) Sync(titles []string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	for _, t := range titles {
		if err := s.writeEntry(tx, t); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// Add writes one entry.
func (s *Store) Add(title string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.writeEntry(tx, title)
}
`,
	"web/reply.go": `package web

import "net/http"

func serverError(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/books/store"
)

type handler struct{ store *store.Store }

func (h *handler) add(w http.ResponseWriter, r *http.Request) {
	if err := h.store.Add(r.FormValue("title")); err != nil {
		serverError(w, err)
	}
}
`,
}

// TestTransactionEndedByTheOriginsCaller: a transaction used after it
// ended, whose message is wrapped in a helper handed the transaction,
// brings the helper's caller that ends it, the one the request ran
// first, before the helper itself.
func TestTransactionEndedByTheOriginsCaller(t *testing.T) {
	root := writeModule(t, ledgerTxModule)
	r := shelfReport(root, `store: unable to write entry "x": sql: transaction has already been committed or rolled back`,
		report.Frame{Function: "example.com/books/web.serverError", File: "web/reply.go", Line: 6},
		report.Frame{Function: "example.com/books/web.(*handler).add", File: "web/web.go", Line: 12})
	cs := Static(r)
	if len(cs) < 3 || cs[1].Reason != report.ReasonOrigin || cs[1].Symbol != "(*Store).Add" {
		t.Errorf("the caller that ends the transaction does not come first: %v", reasonsInOrder(cs))
	}
	got := reasons(cs)
	if !contains(got["origin"], "store/store.go:(*Store).writeEntry") {
		t.Errorf("the message's origin is missing: %v", got)
	}
	r.Error.Message = `store: unable to write entry "x": connection reset`
	if got := reasons(Static(r)); contains(got["origin"], "store/store.go:(*Store).Add") {
		t.Errorf("a transaction's owner for an error that is no misuse of one: %v", got)
	}
}

// tagsModule checks that a tag's name is free before inserting it; the
// check's query names a misspelt column and drops its Scan error, so it
// always answers "free". Another check of another table drops its error
// too.
var tagsModule = map[string]string{
	"go.mod": "module example.com/tags\n",
	"store/tags.go": `package store

import (
	"database/sql"
	"fmt"
)

// Store keeps tags.
type Store struct{ db *sql.DB }

// NameTaken reports whether a tag is called name.
func (s *Store) NameTaken(name string) bool {
	var taken bool
	s.db.QueryRow("SELECT true FROM tags WHERE nmae = $1", name).Scan(&taken)
	return taken
}

// LabelTaken reports whether a label is called name.
func (s *Store) LabelTaken(name string) bool {
	var taken bool
	s.db.QueryRow("SELECT true FROM labels WHERE name = $1", name).Scan(&taken)
	return taken
}

// Create inserts a tag.
func (s *Store) Create(name string) error {
	if _, err := s.db.Exec("INSERT INTO tags (name) VALUES ($1)", name); err != nil {
		return fmt.Errorf("store: unable to create tag %q: %v", name, err)
	}
	return nil
}
`,
	"check/check.go": `package check

import (
	"errors"

	"example.com/tags/store"
)

// Tag checks a new tag.
func Tag(s *store.Store, name string) error {
	if s.NameTaken(name) {
		return errors.New("tag exists")
	}
	return nil
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/tags/check"
	"example.com/tags/store"
)

type handler struct{ store *store.Store }

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if err := check.Tag(h.store, name); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.store.Create(name); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
}

// TestUniqueViolationBringsTheGuard: a unique violation brings the check
// of the written table that drops its query's error, as an origin, not
// a check of another table; without a unique violation, no check.
func TestUniqueViolationBringsTheGuard(t *testing.T) {
	root := writeModule(t, tagsModule)
	fr := report.Frame{Function: "example.com/tags/web.(*handler).create", File: "web/web.go", Line: 18}
	for _, msg := range []string{
		`store: unable to create tag "go": pq: duplicate key value violates unique constraint "tags_name_key"`,
		`store: unable to create tag "go": UNIQUE constraint failed: tags.name`,
	} {
		got := reasons(Static(shelfReport(root, msg, fr)))
		if !contains(got["origin"], "store/tags.go:(*Store).NameTaken") || contains(got["origin"], "store/tags.go:(*Store).LabelTaken") {
			t.Errorf("%s: the check that drops its error is not (only) the origin: %v", msg, got)
		}
	}
	got := reasons(Static(shelfReport(root, `store: unable to create tag "go": pq: connection refused`, fr)))
	if contains(got["origin"], "store/tags.go:(*Store).NameTaken") {
		t.Errorf("a check for an error that is no unique violation: %v", got)
	}
}

// TestNilFieldOfALocalIsNotAConfiguration: a nil field read through a
// local variable, whose value the lines above made, brings no function
// that sets the type's fields elsewhere.
func TestNilFieldOfALocalIsNotAConfiguration(t *testing.T) {
	mod := map[string]string{}
	for k, v := range settingsModule {
		mod[k] = v
	}
	mod["audit/local.go"] = "package audit\n\nimport \"example.com/shop/conf\"\n\n// Local fails on a local's field.\nfunc Local() {\n\tvar s conf.Settings\n\ts.Audit.Printf(\"x\")\n}\n"
	root := writeModule(t, mod)
	r := shelfReport(root, nilPointer, report.Frame{Function: "example.com/shop/audit.Local", File: "audit/local.go", Line: 8})
	r.Error.Kind = report.KindPanic
	if got := reasons(Static(r)); len(got["constructor"]) > 0 {
		t.Errorf("constructors for a local's field: %v", got)
	}
}

// sessionsModule builds its session in a method of the service that
// hands sessions out, whose literal leaves out the session's clock.
var sessionsModule = map[string]string{
	"go.mod": "module example.com/desk\n",
	"desk/session.go": `package desk

import "time"

// Clock tells the time.
type Clock interface{ Now() time.Time }

type session struct {
	user  string
	clock Clock
	seen  time.Time
}

// Touch marks the session as used now.
func (s *session) Touch() {
	s.seen = s.clock.Now()
}
`,
	"desk/service.go": `package desk

// Service hands sessions out.
type Service struct{ clock Clock }

// Open starts a session for user.
func (s *Service) Open(user string) *session {
	return &session{
		user: user,
	}
}
`,
}

// TestMethodThatBuildsTheReceiverIsItsConstructor: a nil field of a
// receiver whose literal a method of another type builds (a service's
// Open) brings that method as the receiver's constructor.
func TestMethodThatBuildsTheReceiverIsItsConstructor(t *testing.T) {
	root := writeModule(t, sessionsModule)
	r := shelfReport(root, nilPointer,
		report.Frame{Function: "example.com/desk/desk.(*session).Touch", File: "desk/session.go", Line: 16})
	r.Error.Kind = report.KindPanic
	cs := Static(r)
	if len(cs) < 2 || cs[1].Reason != report.ReasonConstructor || cs[1].Symbol != "(*Service).Open" {
		t.Errorf("the method that builds the session does not follow the frame: %v", reasonsInOrder(cs))
	}
}
