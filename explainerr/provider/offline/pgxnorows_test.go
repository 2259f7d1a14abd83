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
