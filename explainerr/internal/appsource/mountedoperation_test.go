package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// lockerModule mounts an operation router (huma-style: each operation
// registered with a literal that gives its method and path, its handler a
// function literal) under a wildcard of chi; the delete operation's store
// function deletes a key that rows of another table still refer to.
var lockerModule = map[string]string{
	"go.mod": "module example.com/locker\n",
	"app.go": `package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

func router(api http.Handler) http.Handler {
	r := chi.NewRouter()
	r.Handle("/api/v1/*", serveAPI(api))
	return r
}

func serveAPI(api http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		api.ServeHTTP(w, req)
	}
}
`,
	"api/keys.go": `package api

import (
	"context"
	"net/http"

	"example.com/locker/store"
	"github.com/danielgtaylor/huma/v2"
)

type keyInput struct{ ID uint64 }

func registerKeys(api huma.API, st *store.Store) {
	huma.Register(api, huma.Operation{
		Method: http.MethodGet,
		Path:   "/api/v1/key",
	}, func(ctx context.Context, in *keyInput) (*struct{}, error) {
		return nil, st.TouchKey(in.ID)
	})
	huma.Register(api, huma.Operation{
		Method: http.MethodDelete,
		Path:   "/api/v1/key",
	}, func(ctx context.Context, in *keyInput) (*struct{}, error) {
		return nil, st.DeleteKey(in.ID)
	})
}
`,
	"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s *Store) DeleteKey(id uint64) error { return destroyKey(s.db, id) }

func destroyKey(db *sql.DB, id uint64) error {
	_, err := db.Exec("DELETE FROM keys WHERE id = ?", id)
	return err
}

func (s *Store) TouchKey(id uint64) error {
	_, err := s.db.Exec("UPDATE keys SET used = 1 WHERE id = ?", id)
	return err
}
`,
}

// TestOperationUnderAWildcardMount: a foreign key broken by a request
// whose stack shows only the mount of an operation router (chi reports
// the route "/api/v1/*") reaches the operation registered for the URL and
// method, a function literal in a literal-described registration, and
// brings the store function that deletes, not the other operation's.
func TestOperationUnderAWildcardMount(t *testing.T) {
	root := writeModule(t, lockerModule)
	r := shelfReport(root, "FOREIGN KEY constraint failed (787)", report.Frame{Function: "example.com/locker.serveAPI.func1", File: "app.go", Line: 16})
	r.Request = report.Request{Method: "DELETE", URL: "/api/v1/key?id=1", Route: "/api/v1/*"}
	m := Load(root + "/app.go")
	rt, ok := m.RequestRoute(r)
	if !ok || rt.Method != "DELETE" || rt.Path != "/api/v1/key" || rt.Lit == nil {
		t.Fatalf("RequestRoute = %+v, %v; want the DELETE operation's function literal", rt, ok)
	}
	got := reasons(Static(r))
	if !contains(got[report.ReasonQuery], "store/store.go:destroyKey") {
		t.Errorf("the deleting store function is missing: %v", got)
	}
	for _, chunks := range got {
		if contains(chunks, "store/store.go:(*Store).TouchKey") {
			t.Errorf("the other operation's store method is in the context: %v", got)
		}
	}
}
