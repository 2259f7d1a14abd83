package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// rackModule is a module whose models make unique indexes from their
// gorm tags: one named by the ORM after its table and column, one named
// by the tag.
func rackModule(t *testing.T) string {
	return writeModule(t, map[string]string{
		"go.mod": "module example.com/rack\n",
		"store/model.go": `package store

type Shelf struct {
	ID    uint
	Owner uint   ` + "`gorm:\"index\"`" + `
	Title string ` + "`gorm:\"unique_index\"`" + `
	Code  string ` + "`gorm:\"uniqueIndex:idx_shelf_code\"`" + `
}

type Crate struct {
	ID    uint
	Label string ` + "`gorm:\"index\"`" + `
}
`,
		"store/store.go": `package store

import (
	"errors"

	"gorm.io/gorm"
)

var ErrTaken = errors.New("taken")

type Store struct{ db *gorm.DB }

func (s *Store) AddShelf(sh *Shelf) error {
	var n int64
	s.db.Model(&Shelf{}).Where("owner = ? AND title = ?", sh.Owner, sh.Title).Count(&n)
	if n > 0 {
		return ErrTaken
	}
	return s.db.Create(sh).Error
}
`,
		"api/handlers.go": `package api

import (
	"net/http"

	"example.com/rack/store"
)

type Handlers struct{ st *store.Store }

func (h *Handlers) add(w http.ResponseWriter, r *http.Request) {
	if err := h.st.AddShelf(&store.Shelf{Title: r.FormValue("title")}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
}

// TestConstraintModel: a unique index's name an ORM derives from a
// model's table and column (gorm v1's uix_, v2's idx_ and uni_,
// PostgreSQL's _key), or that a tag gives, resolves to that field; a
// name of no model's field, or of a table with no model, does not.
func TestConstraintModel(t *testing.T) {
	m := Load(rackModule(t) + "/store/model.go")
	for name, want := range map[string]string{
		"uix_shelves_title": "Shelf.Title",
		"idx_shelves_title": "Shelf.Title",
		"shelves_title_key": "Shelf.Title",
		"idx_shelf_code":    "Shelf.Code",
		"uix_crates_label":  "Crate.Label",
		"uix_shelves_width": "",
		"uix_boxes_title":   "",
		"shelves_pkey":      "",
	} {
		cf, ok := m.ConstraintModel(name)
		got := ""
		if ok {
			got = cf.Model.Spec.Name.Name + "." + cf.Field.Names[0].Name
		}
		if got != want {
			t.Errorf("ConstraintModel(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestConstraintBringsItsModel: a duplicate on an index gorm made from
// a model's tag (pq's wording) brings that model as the schema, first
// among the trail's chunks.
func TestConstraintBringsItsModel(t *testing.T) {
	root := rackModule(t)
	r := shelfReport(root, `pq: duplicate key value violates unique constraint "uix_shelves_title"`, report.Frame{Function: "example.com/rack/api.(*Handlers).add", File: "api/handlers.go", Line: 12})
	got := reasons(Static(r))
	if !contains(got[report.ReasonSchema], "store/model.go:Shelf") {
		t.Errorf("want the model store.Shelf as the schema, got %v", got)
	}
	r = shelfReport(root, `pq: duplicate key value violates unique constraint "uix_boxes_title"`, report.Frame{Function: "example.com/rack/api.(*Handlers).add", File: "api/handlers.go", Line: 12})
	if got := reasons(Static(r)); contains(got[report.ReasonSchema], "store/model.go:Shelf") {
		t.Errorf("a constraint of no model's table brought a model: %v", got)
	}
}
