package appsource

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// catalogModule wraps a lookup's error with a short format in its store;
// an error middleware logs it behind words of its own and writes 500.
var catalogModule = map[string]string{
	"go.mod": "module example.com/catalog\n",
	"store/items.go": `package store

import (
	"database/sql"
	"fmt"
)

type Items struct{ db *sql.DB }

func (s Items) Get(id string) (string, error) {
	var name string
	if err := s.db.QueryRow("SELECT name FROM items WHERE id = $1", id).Scan(&name); err != nil {
		return "", fmt.Errorf("items %s: %v", id, err)
	}
	return name, nil
}
`,
	"web/errors.go": `package web

import (
	"log/slog"
	"net/http"
)

func Errors(next func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := next(w, r); err != nil {
			slog.Error("request failed: " + err.Error())
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}
}
`,
}

// TestOriginOfALoggedChain: an error logged behind the log call's own
// words leads to the function whose format made it, even a short one.
func TestOriginOfALoggedChain(t *testing.T) {
	root := writeModule(t, catalogModule)
	r := shelfReport(root, "internal error", report.Frame{Function: "example.com/catalog/web.Errors.func1", File: "web/errors.go", Line: 12})
	r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"request failed: items 42: sql: no rows in result set"}`}}
	cs := Static(r)
	if len(cs) < 2 || cs[1].Reason != report.ReasonOrigin || cs[1].Symbol != "Items.Get" {
		t.Fatalf("the logged error's origin does not follow the frame: %v", reasonsInOrder(cs))
	}
}

// embeddingModule's store embeds a generated query type by pointer; its
// constructor leaves the field out, so a promoted method runs on nil.
// A framework recovered the panic: only its log holds the message.
var embeddingModule = map[string]string{
	"go.mod": "module example.com/accounts\n",
	"db/queries.go": `package db

import "database/sql"

type Queries struct{ db *sql.DB }

func New(db *sql.DB) *Queries { return &Queries{db: db} }

func (q *Queries) GetUser(name string) (string, error) {
	row := q.db.QueryRow("SELECT name FROM users WHERE name = $1", name)
	var out string
	return out, row.Scan(&out)
}
`,
	"db/store.go": `package db

import "database/sql"

type Store interface{ GetUser(name string) (string, error) }

type SQLStore struct {
	pool *sql.DB
	*Queries
}

func NewStore(pool *sql.DB) Store {
	return &SQLStore{pool: pool}
}
`,
}

// TestConstructorOfAnEmbeddingType: a nil pointer in a method of a type
// that another embeds by pointer brings the constructors of both, from
// the message a framework's recovery logged; the embedding type's, whose
// literal leaves the embedded field out, comes first.
func TestConstructorOfAnEmbeddingType(t *testing.T) {
	root := writeModule(t, embeddingModule)
	r := shelfReport(root, "a panic recovered by the framework; its value did not reach explainerr",
		report.Frame{Function: "example.com/accounts/db.(*Queries).GetUser", File: "db/queries.go", Line: 10})
	r.Logs = []report.LogLine{{Text: "[Recovery] panic recovered:\nruntime error: invalid memory address or nil pointer dereference"}}
	var ctors []string
	for _, c := range Static(r) {
		if c.Reason == report.ReasonConstructor {
			ctors = append(ctors, c.Symbol)
		}
	}
	if len(ctors) < 2 || ctors[0] != "NewStore" || !slices.Contains(ctors, "New") {
		t.Errorf("constructors %q, want the embedding type's NewStore, which leaves the field out, and then New", ctors)
	}
}
