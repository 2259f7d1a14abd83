package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestModelIsTheSchemaOfAnORMTable: an SQL error on a table no schema
// statement of the module makes (the ORM makes it from its model) brings
// the model struct as the schema: the one with the ORM's tags, not the
// API type of the same name.
func TestModelIsTheSchemaOfAnORMTable(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/crew\n",
		"api/types.go": `package api

type Member struct {
	Email string ` + "`json:\"email\"`" + `
	Name  string ` + "`json:\"name\"`" + `
}
`,
		"store/model.go": `package store

type Member struct {
	ID    uint   ` + "`gorm:\"primaryKey\"`" + `
	Email string ` + "`gorm:\"uniqueIndex\"`" + `
	Name  string
}
`,
		"store/store.go": `package store

import "gorm.io/gorm"

type Store struct{ db *gorm.DB }

func (s *Store) Add(m *Member) error { return s.db.Create(m).Error }
`,
		"api/handlers.go": `package api

import (
	"net/http"

	"example.com/crew/store"
)

type Handlers struct{ st *store.Store }

func (h *Handlers) join(w http.ResponseWriter, r *http.Request) {
	if err := h.st.Add(&store.Member{Email: r.FormValue("email")}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "UNIQUE constraint failed: members.email", report.Frame{Function: "example.com/crew/api.(*Handlers).join", File: "api/handlers.go", Line: 12})
	got := reasons(Static(r))
	if !contains(got[report.ReasonSchema], "store/model.go:Member") || contains(got[report.ReasonSchema], "api/types.go:Member") {
		t.Errorf("want the gorm model store.Member as the schema, got %v", got)
	}
}
