package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestPgxNoRowsBehindAnAlias: pgx's "no rows in result set" answered in a
// JSON body, wrapped with %v by the store, while the handler tests the
// app's own sentinel declared as pgx.ErrNoRows: the explanation names the
// handler's test and the wrap, and does not speak of database/sql.
func TestPgxNoRowsBehindAnAlias(t *testing.T) {
	dir := t.TempDir()
	db := `package db

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

var ErrRecordNotFound = pgx.ErrNoRows

type Store struct{ conn *pgx.Conn }

func (s *Store) GetAccount(ctx context.Context, id int64) (int64, error) {
	var balance int64
	if err := s.conn.QueryRow(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&balance); err != nil {
		return 0, fmt.Errorf("get account %d: %v", id, err)
	}
	return balance, nil
}
`
	api := `package api

import (
	"errors"
	"net/http"

	"example.com/bank/db"
)

type Server struct{ store *db.Store }

func (s *Server) getAccount(w http.ResponseWriter, r *http.Request) {
	balance, err := s.store.GetAccount(r.Context(), 7)
	if err != nil {
		if errors.Is(err, db.ErrRecordNotFound) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		http.Error(w, "{\"error\":\""+err.Error()+"\"}", http.StatusInternalServerError)
		return
	}
	_ = balance
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/bank\n\ngo 1.22\n", "db/db.go": db, "api/api.go": api})
	lines := strings.Split(api, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "http.StatusInternalServerError") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "example.com/bank/api.(*Server).getAccount", File: filepath.Join(dir, "api", "api.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line, Lines: lines[line-1 : line], Line: line}}
	text := Analyze(statusReport(`{"error":"get account 7: no rows in result set"}`, frame))
	for _, want := range []string{"`errors.Is(err, db.ErrRecordNotFound)`", "`(*Store).GetAccount`", "instead of `\"%v\"`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "sql.ErrNoRows") {
		t.Errorf("the explanation speaks of database/sql's sentinel:\n%s", text)
	}
}

// pgxStore is a store on pgx's own interface whose lookup wraps the
// driver's error with %v.
const pgxStore = `package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Title(ctx context.Context, id int64) (string, error) {
	var title string
	if err := s.pool.QueryRow(ctx, "SELECT title FROM books WHERE id = $1", id).Scan(&title); err != nil {
		return "", fmt.Errorf("book %d: %v", id, err)
	}
	return title, nil
}
`

// pgxHandler writes the store's error as the response, testing
// pgx.ErrNoRows first when check is true.
func pgxHandler(check bool) string {
	test := ""
	if check {
		test = `
		if errors.Is(err, pgx.ErrNoRows) {
			http.Error(w, "no such book", http.StatusNotFound)
			return
		}`
	}
	return `package web

import (
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"

	"example.com/books/store"
)

var _ = errors.Is
var _ = pgx.ErrNoRows

type Server struct{ store *store.Store }

func (s *Server) book(w http.ResponseWriter, r *http.Request) {
	title, err := s.store.Title(r.Context(), 7)
	if err != nil {` + test + `
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(title))
}
`
}

// pgxNoRowsText explains the 500 the handler writes with the store's
// wrapped "no rows in result set".
func pgxNoRowsText(t *testing.T, check bool) string {
	t.Helper()
	dir := t.TempDir()
	api := pgxHandler(check)
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/books\n\ngo 1.22\n", "store/store.go": pgxStore, "web/web.go": api})
	lines := strings.Split(api, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "http.StatusInternalServerError") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "example.com/books/web.(*Server).book", File: filepath.Join(dir, "web", "web.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line - 8, Lines: lines[line-9 : line+1], Line: line}}
	return Analyze(statusReport("book 7: no rows in result set\n", frame))
}

// TestPgxNoRowsCheckedDirectlyBehindAVWrap: the handler tests
// pgx.ErrNoRows itself; the %v wrap in the store hides it, and that wrap
// is what is named, not the test the handler already has.
func TestPgxNoRowsCheckedDirectlyBehindAVWrap(t *testing.T) {
	text := pgxNoRowsText(t, true)
	for _, want := range []string{"`errors.Is(err, pgx.ErrNoRows)`", "`(*Store).Title`", "instead of `\"%v\"`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "sql.ErrNoRows") || strings.Contains(text, "Answer a missing row with 404") {
		t.Errorf("the explanation advises a test the handler has, or database/sql's sentinel:\n%s", text)
	}
}

// TestPgxNoRowsUncheckedBehindAVWrap: nothing tests for the missing row;
// the advice names pgx's sentinel (not database/sql's) and the %v wrap
// that a test would not see through.
func TestPgxNoRowsUncheckedBehindAVWrap(t *testing.T) {
	text := pgxNoRowsText(t, false)
	for _, want := range []string{"errors.Is(err, pgx.ErrNoRows)", "instead of `\"%v\"`", "store.go:15"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "sql.ErrNoRows") {
		t.Errorf("the explanation speaks of database/sql's sentinel:\n%s", text)
	}
}
