package appsource

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConstructorThatKeepsTheValue: the function that builds the
// caller's handler value and registers its methods as routes, returning
// nothing, is the constructor that left the store out.
func TestConstructorThatKeepsTheValue(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/feeds\n",
		"storage/storage.go": `package storage

import "database/sql"

type Storage struct{ db *sql.DB }

func (s *Storage) Categories() (int, error) {
	var n int
	err := s.db.QueryRow("SELECT count(*) FROM categories").Scan(&n)
	return n, err
}
`,
		"api/api.go": `package api

import (
	"net/http"

	"example.com/feeds/storage"
)

type handler struct {
	store *storage.Storage
	name  string
}

func NewHandler(store *storage.Storage, mux *http.ServeMux) {
	h := &handler{name: "api"}
	mux.HandleFunc("GET /categories", h.categories)
}

func (h *handler) categories(w http.ResponseWriter, r *http.Request) {
	n, err := h.store.Categories()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = n
}
`,
	})
	r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference",
		report.Frame{Function: "example.com/feeds/storage.(*Storage).Categories", File: "storage/storage.go", Line: 9},
		report.Frame{Function: "example.com/feeds/api.(*handler).categories", File: "api/api.go", Line: 20})
	r.Error.Kind = report.KindPanic
	var ctors []string
	for _, c := range Static(r) {
		if c.Reason == report.ReasonConstructor {
			ctors = append(ctors, c.Symbol)
		}
	}
	if !slices.Contains(ctors, "NewHandler") {
		t.Errorf("constructors %q lack NewHandler, which builds the handler without its store", ctors)
	}
}
