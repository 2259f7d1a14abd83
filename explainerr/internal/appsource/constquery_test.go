package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// sqlcModule keeps its queries in constants, as sqlc generates them,
// behind an interface that embeds the generated one, implemented by a
// struct that embeds the generated type; a middleware frame sits outside
// the handler.
var sqlcModule = map[string]string{
	"go.mod": "module example.com/ledger\n",
	"db/querier.go": `package db

import "context"

type Querier interface {
	ListEntries(ctx context.Context, owner string) ([]Entry, error)
}
`,
	"db/store.go": `package db

type Store interface {
	Querier
	Close() error
}

type SQLStore struct {
	*Queries
}

func (s *SQLStore) Close() error { return nil }
`,
	"db/entry.sql.go": `package db

import (
	"context"
	"database/sql"
)

type Entry struct{ ID int64 }

type Queries struct{ db *sql.DB }

const listEntries = ` + "`" + `-- name: ListEntries :many
SELECT id FROM entries WHERE owner = $1 ORDER BY entry_idd
` + "`" + `

func (q *Queries) ListEntries(ctx context.Context, owner string) ([]Entry, error) {
	rows, err := q.db.QueryContext(ctx, listEntries, owner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
`,
	"api/server.go": `package api

import (
	"net/http"

	"example.com/ledger/db"
)

type Server struct{ store db.Store }

func (s *Server) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	entries, err := s.store.ListEntries(r.Context(), r.URL.Query().Get("owner"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = entries
}
`,
}

// TestConstantQueryOfAnImplementation: an SQL error of a query kept in a
// constant, run by the implementation a handler reached through an
// embedded interface, shows that implementation as the query, right
// after the innermost frame and before the middleware's frame.
func TestConstantQueryOfAnImplementation(t *testing.T) {
	root := writeModule(t, sqlcModule)
	r := shelfReport(root, `ERROR: column "entry_idd" does not exist (SQLSTATE 42703)`,
		report.Frame{Function: "example.com/ledger/api.(*Server).list", File: "api/server.go", Line: 23},
		report.Frame{Function: "example.com/ledger/api.(*Server).auth.func1", File: "api/server.go", Line: 17})
	cs := Static(r)
	if len(cs) < 3 || cs[0].Symbol != "(*Server).list" || cs[1].Reason != report.ReasonQuery || cs[1].Symbol != "(*Queries).ListEntries" {
		t.Fatalf("the query's function does not follow the innermost frame: %v", reasonsInOrder(cs))
	}
	for _, c := range cs[2:] {
		if c.Symbol == "(*Queries).ListEntries" {
			t.Errorf("the query's function is shown twice: %v", reasonsInOrder(cs))
		}
	}
}
