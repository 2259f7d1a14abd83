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

// TestModelBesideASchemaScript: a table the app makes from its ORM model
// at start, with an SQL script beside it that also defines it; for a
// column the error names that a field of the model is named for (its tag
// maps it elsewhere), the model is shown as a schema too.
func TestModelBesideASchemaScript(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":            "module example.com/roll\n",
		"scripts/table.sql": "create table link\n(\n    id   int primary key,\n    team varchar(255) not null\n);\n",
		"store/link.go": `package store

import "gorm.io/gorm"

type Link struct {
	ID   int    ` + "`gorm:\"column:id\"`" + `
	Team string ` + "`gorm:\"column:team_name\"`" + `
}

type Store struct{ db *gorm.DB }

func (s *Store) Teams() ([]string, error) {
	var teams []string
	return teams, s.db.Model(&Link{}).Distinct().Pluck("team", &teams).Error
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/roll/store"
)

var st *store.Store

func teams(w http.ResponseWriter, r *http.Request) {
	if _, err := st.Teams(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "no such column: link.team", report.Frame{Function: "example.com/roll/web.teams", File: "web/web.go", Line: 13})
	got := reasons(Static(r))
	if !contains(got[report.ReasonSchema], "store/link.go:Link") {
		t.Errorf("want the model Link as a schema beside the script, got %v", got)
	}
}
