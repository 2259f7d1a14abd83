package appsource

import (
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// kennelModule is a three-layer app: a handler calls a service through an
// interface, the service a repository through another, and the
// repository a helper of its own package that commits, inside the
// function it hands to the ORM's Transaction, the transaction Transaction
// commits itself. A mockery-style stand-in of the service lives in
// mocks/; the handler reaches the service through methods whose results
// are interfaces of another package.
var kennelModule = map[string]string{
	"go.mod": "module example.com/kennel\n",
	"model/model.go": `package model

// Dogs registers dogs.
type Dogs interface{ Register(names []string) error }

// Repo stores dogs.
type Repo interface{ InsertAll(names []string) error }

// Deps gives the services.
type Deps interface{ Services() Services }

// Services groups the services.
type Services interface{ Dogs() Dogs }
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/kennel/model"
)

type handler struct{ deps model.Deps }

func (h *handler) register(w http.ResponseWriter, r *http.Request) {
	if err := h.deps.Services().Dogs().Register([]string{"rex"}); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
`,
	"deps/deps.go": `package deps

import (
	"example.com/kennel/model"
	"example.com/kennel/service"
)

// Deps is the app's.
type Deps struct{ services *Services }

// Services returns the services.
func (d *Deps) Services() model.Services { return d.services }

// Services holds them.
type Services struct{ dogs *service.Dogs }

// Dogs returns the dogs' service.
func (s *Services) Dogs() model.Dogs { return s.dogs }
`,
	"service/dogs.go": `package service

import "example.com/kennel/model"

// Dogs is the service.
type Dogs struct{ repo model.Repo }

// Register registers.
func (d *Dogs) Register(names []string) error { return d.repo.InsertAll(names) }
`,
	"mocks/dogs.go": `package mocks

// DogsService stands in for the service in tests.
type DogsService struct{}

// Register does nothing.
func (DogsService) Register([]string) error { return nil }
`,
	"repo/repo.go": `package repo

import "example.com/kennel/orm"

// Repo is the repository.
type Repo struct{ db *orm.DB }

// InsertAll inserts in chunks.
func (r *Repo) InsertAll(names []string) error { return insertChunked(r.db, names) }

func insertChunked(db *orm.DB, names []string) error {
	return db.Transaction(func(tx *orm.DB) error {
		for _, n := range names {
			if err := tx.Create(n); err != nil {
				return err
			}
		}
		return tx.Commit()
	})
}
`,
	"orm/orm.go": `package orm

// DB stands for an ORM's handle.
type DB struct{}

// Transaction runs fn in a transaction it commits.
func (db *DB) Transaction(fn func(*DB) error) error { return fn(db) }

// Create inserts.
func (db *DB) Create(any) error { return nil }

// Commit commits.
func (db *DB) Commit() error { return nil }
`,
}

// TestTransactionCommittedInsideItsHelper: a transaction ended inside the
// function handed to a helper that ends it itself, three calls below the
// handler (two of them through interfaces reached through methods whose
// results are interfaces), is found as an early end and shown as the
// origin of a logged ErrTxDone; the mock of the service is no
// implementation.
func TestTransactionCommittedInsideItsHelper(t *testing.T) {
	root := writeModule(t, kennelModule)
	fr := report.Frame{Function: "example.com/kennel/web.(*handler).register", File: "web/web.go", Line: 12}
	r := shelfReport(root, "sql: transaction has already been committed or rolled back", fr)
	got := reasons(Static(r))
	if !contains(got["origin"], "repo/repo.go:insertChunked") {
		t.Errorf("the helper that commits inside Transaction is missing: %v", got)
	}
	if !contains(got["implementation"], "service/dogs.go:(*Dogs).Register") {
		t.Errorf("the service reached through Deps.Services().Dogs() is missing: %v", got)
	}
	for _, chunks := range got {
		if contains(chunks, "mocks/dogs.go:DogsService.Register") {
			t.Errorf("the mock is shown as an implementation: %v", got)
		}
	}
	m := Load(filepath.Join(root, "web", "web.go"))
	var early []string
	for _, ref := range m.Reach(r.AppFrames()) {
		if e, ok := m.TxEndedEarly(ref); ok && e.InHelper && e.Method == "Commit" {
			early = append(early, FuncName(ref.Decl))
		}
	}
	if len(early) != 1 || early[0] != "insertChunked" {
		t.Errorf("early ends reached: %v, want insertChunked", early)
	}
}

// TestAbortedTransactionBringsWhereAnErrorPassed: PostgreSQL's aborted
// transaction brings, as the origin, the store method the handler
// reached through an interface that lets a statement's error pass (for
// duplicates) on a transaction it was handed and runs another on it.
func TestAbortedTransactionBringsWhereAnErrorPassed(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/links\n",
		"store/store.go": `package store

import (
	"database/sql"
	"strings"
)

// Links links tags.
type Links interface{ Link(bookmark, tag int) error }

// PG keeps links.
type PG struct{ db *sql.DB }

func isDuplicate(err error) bool { return strings.Contains(err.Error(), "duplicate") }

// Link tags a bookmark.
func (p *PG) Link(bookmark, tag int) error {
	return withTx(p.db, func(tx *sql.Tx) error { return link(tx, bookmark, tag) })
}

func withTx(db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func link(tx *sql.Tx, bookmark, tag int) error {
	if _, err := tx.Exec("INSERT INTO bookmark_tag VALUES ($1, $2)", bookmark, tag); err != nil && !isDuplicate(err) {
		return err
	}
	_, err := tx.Exec("UPDATE bookmark SET modified = now() WHERE id = $1", bookmark)
	return err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/links/store"
)

type handler struct{ links store.Links }

func (h *handler) link(w http.ResponseWriter, r *http.Request) {
	if err := h.links.Link(1, 2); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	fr := report.Frame{Function: "example.com/links/web.(*handler).link", File: "web/web.go", Line: 12}
	got := reasons(Static(shelfReport(root, "pq: current transaction is aborted, commands ignored until end of transaction block", fr)))
	if !contains(got["origin"], "store/store.go:link") {
		t.Errorf("the function that lets the insert's error pass is missing: %v", got)
	}
}

// TestTransactionEndedEarlyOutsideTheStack: a failing request whose stack
// stops in a framework's middleware (the handler is an operation the
// framework calls, so no frame reaches the store) still brings the one
// function of the module that commits inside the function it hands to
// Transaction; with two such functions, neither is guessed.
func TestTransactionEndedEarlyOutsideTheStack(t *testing.T) {
	files := map[string]string{}
	for k, v := range kennelModule {
		files[k] = v
	}
	files["web/mw.go"] = `package web

import "net/http"

func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
	})
}
`
	root := writeModule(t, files)
	fr := report.Frame{Function: "example.com/kennel/web.guard.func1", File: "web/mw.go", Line: 7}
	r := shelfReport(root, "sql: transaction has already been committed or rolled back", fr)
	if got := reasons(Static(r)); !contains(got["origin"], "repo/repo.go:insertChunked") {
		t.Errorf("the module's one early end is missing: %v", got)
	}

	files["repo/other.go"] = `package repo

import "gorm.io/gorm"

func renameAll(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.Exec("UPDATE dogs SET name = name")
		return tx.Commit().Error
	})
}
`
	root = writeModule(t, files)
	r = shelfReport(root, "sql: transaction has already been committed or rolled back", fr)
	if got := reasons(Static(r)); contains(got["origin"], "repo/repo.go:insertChunked") || contains(got["origin"], "repo/other.go:renameAll") {
		t.Errorf("one of two early ends outside the request was guessed: %v", got)
	}
}
