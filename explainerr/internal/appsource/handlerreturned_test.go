package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// recipesModule serves recipes through an adapter of handlers that
// return errors, registered on a gorilla/mux-style router behind an
// authentication wrapper, with two handlers on one path told apart by
// the method set after the registration.
var recipesModule = map[string]string{
	"go.mod": "module example.com/recipes\n",
	"web/adapter.go": `package web

import "net/http"

type errHandler func(http.ResponseWriter, *http.Request) error

func (fn errHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := fn(w, r); err != nil {
		writeFailure(w, err)
	}
}

func writeFailure(w http.ResponseWriter, err error) {
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write([]byte(err.Error()))
}
`,
	"web/routes.go": `package web

import (
	"net/http"

	"github.com/gorilla/mux"
)

type Server struct{ book *Book }

func (s *Server) signedIn(next http.Handler) http.Handler { return next }

func (s *Server) Routes(r *mux.Router) {
	r.Handle("/recipes/{id}", s.signedIn(errHandler(s.renameRecipe))).Methods("PUT")
	r.Handle("/recipes/{id}", s.signedIn(errHandler(s.removeRecipe))).Methods(http.MethodDelete)
}

func (s *Server) renameRecipe(w http.ResponseWriter, r *http.Request) error {
	return s.book.Rename(mux.Vars(r)["id"], r.FormValue("name"))
}

func (s *Server) removeRecipe(w http.ResponseWriter, r *http.Request) error {
	return s.book.Remove(mux.Vars(r)["id"])
}
`,
	"web/book.go": `package web

import "database/sql"

type Book struct{ db *sql.DB }

func (b *Book) Rename(id, name string) error {
	_, err := b.db.Exec("UPDATE recipes SET name = ? WHERE id = ?", name, id)
	return err
}

func (b *Book) Remove(id string) error {
	tx, err := b.db.Begin()
	if err != nil {
		return err
	}
	if _, err := tx.Exec("DELETE FROM steps WHERE recipe_id = ?", id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = tx.Exec("DELETE FROM recipes WHERE id = ?", id)
	return err
}
`,
}

// TestStatusAfterTheHandlerReturned: a status the adapter wrote after
// the handler returned its error has a stack without the handler; the
// request's route, matched by method and path through the wrapper
// around the adapter, brings the handler that ran and the store method
// that used its transaction after Commit, and not the other handler of
// that path.
func TestStatusAfterTheHandlerReturned(t *testing.T) {
	root := writeModule(t, recipesModule)
	r := shelfReport(root, "sql: transaction has already been committed or rolled back",
		report.Frame{Function: "example.com/recipes/web.writeFailure", File: "web/adapter.go", Line: 14},
		report.Frame{Function: "example.com/recipes/web.errHandler.ServeHTTP", File: "web/adapter.go", Line: 9})
	r.Request = report.Request{Method: "DELETE", URL: "http://localhost:8080/recipes/7"}
	m := Load(r.Frames[0].File)
	if !m.HandlerReturned(r) {
		t.Fatal("the adapter's call of its handler is not seen")
	}
	rt, ok := m.RequestRoute(r)
	if !ok || rt.Handler == nil || FuncName(rt.Handler) != "(*Server).removeRecipe" || rt.Method != "DELETE" {
		t.Fatalf("route %+v (ok %v), want DELETE's removeRecipe", rt, ok)
	}
	got := reasons(Static(r))
	if !contains(got[report.ReasonOrigin], "web/book.go:(*Book).Remove") {
		t.Errorf("the method that commits before its last statement is missing: %v", got)
	}
	for _, syms := range got {
		if contains(syms, "web/routes.go:(*Server).renameRecipe") {
			t.Errorf("the PUT handler of the same path is shown: %v", got)
		}
	}
	// A status written with the handler on the stack is no handler
	// that returned.
	r.Frames[1] = report.Frame{Function: "example.com/recipes/web.(*Server).removeRecipe", File: root + "/web/routes.go", Line: 22, Kind: report.FrameApp}
	if m.HandlerReturned(r) {
		t.Error("a stack that holds the handler is read as one after it returned")
	}
}
