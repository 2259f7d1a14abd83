package appsource

import (
	"go/ast"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// memoModule's service looks an entry up, never checks the lookup's
// error (it assigns err again) and writes the entry it got.
var memoModule = map[string]string{
	"go.mod": "module example.com/ledger\n",
	"store/store.go": `package store

import "database/sql"

type Entry struct{ ID, Memo string }

type Store struct{ db *sql.DB }

func (s Store) Entry(id string) (Entry, error) {
	var e Entry
	err := s.db.QueryRow("SELECT id, memo FROM entries WHERE id = $1", id).Scan(&e.ID, &e.Memo)
	return e, err
}

func (s Store) Save(e Entry) error {
	_, err := s.db.Exec("UPDATE entries SET memo = $2 WHERE id = $1", e.ID, e.Memo)
	return err
}
`,
	"service/service.go": `package service

import "example.com/ledger/store"

type Service struct{ s store.Store }

func (v Service) Annotate(id, memo string) error {
	e, err := v.s.Entry(id)
	e.Memo = memo
	err = v.s.Save(e)
	return err
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/ledger/service"
)

type Handlers struct{ v service.Service }

func (h Handlers) Annotate(w http.ResponseWriter, r *http.Request) error {
	return h.v.Annotate(r.FormValue("id"), r.FormValue("memo"))
}
`,
}

// TestUncheckedLookupError: an error assigned from a call and assigned
// again before anything reads it is a discard, with the line that
// assigns it again; a checked one is not.
func TestUncheckedLookupError(t *testing.T) {
	root := writeModule(t, memoModule)
	m := Load(filepath.Join(root, "service", "service.go"))
	var ref FuncRef
	for _, f := range m.Files {
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Annotate" && strings.HasSuffix(f.Path, "service.go") {
				ref = FuncRef{File: f, Decl: fd}
			}
		}
	}
	ds := m.Discards(ref)
	if len(ds) != 1 || ds[0].Call != "v.s.Entry(id)" || ds[0].Overwritten != 10 || ds[0].Err != "err" {
		t.Fatalf("discards of Annotate: %+v, want v.s.Entry(id) overwritten at line 10", ds)
	}
	frame := report.Frame{Function: "example.com/ledger/web.Handlers.Annotate", File: "web/web.go", Line: 12}
	got := reasons(Static(shelfReport(root, `ERROR: invalid input syntax for type uuid: "" (SQLSTATE 22P02)`, frame)))
	if !contains(got["graph"], "service/service.go:Service.Annotate") && !contains(got["origin"], "service/service.go:Service.Annotate") {
		t.Errorf("the function that never checks the lookup's error is missing: %v", got)
	}
}
