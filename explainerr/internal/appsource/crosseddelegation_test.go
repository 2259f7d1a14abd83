package appsource

import (
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// metricsModule counts its store's calls in a decorator whose Rename
// calls the wrapped store's Create; the plain decorator Create is right.
var metricsModule = map[string]string{
	"go.mod": "module example.com/metrics\n",
	"store/store.go": `package store

import "fmt"

type Folders interface {
	Create(name string) error
	Rename(id int, name string) error
}

type mem struct{ names map[int]string }

func (m *mem) Create(name string) error { return fmt.Errorf("Folders - Create - taken: %s", name) }
func (m *mem) Rename(id int, name string) error { m.names[id] = name; return nil }

type counted struct {
	inner Folders
	calls int
}

func Counted(f Folders) Folders { return &counted{inner: f} }

func (c *counted) Create(name string) error { c.calls++; return c.inner.Create(name) }

func (c *counted) Rename(id int, name string) error {
	c.calls++
	return c.inner.Create(name)
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/metrics/store"
)

type Handlers struct{ f store.Folders }

func (h Handlers) Rename(w http.ResponseWriter, r *http.Request) error {
	return h.f.Rename(1, r.FormValue("name"))
}
`,
}

// TestCrossedDelegation: the decorator method that calls another of the
// interface's methods on what it wraps, named by the error, is on the
// request's path and in the context; the one that delegates to its own
// name is not a crossed delegation.
func TestCrossedDelegation(t *testing.T) {
	root := writeModule(t, metricsModule)
	frame := report.Frame{Function: "example.com/metrics/web.Handlers.Rename", File: "web/web.go", Line: 12}
	r := shelfReport(root, "Folders - Create - taken: docs", frame)
	m := Load(filepath.Join(root, "web", "web.go"))
	cs := m.CrossedDelegations(r, m.RequestReach(r))
	if len(cs) != 1 || FuncName(cs[0].Method.Decl) != "(*counted).Rename" || cs[0].Called != "Create" || cs[0].Field != "inner" {
		t.Fatalf("crossed delegations: %+v, want (*counted).Rename calling inner.Create", cs)
	}
	other := shelfReport(root, "rename failed", frame)
	if cs := m.CrossedDelegations(other, m.RequestReach(other)); len(cs) != 0 {
		t.Errorf("a crossed delegation the error does not name: %+v", cs)
	}
	got := reasons(Static(r))
	if !contains(got["implementation"], "store/store.go:(*counted).Rename") {
		t.Errorf("the decorator's method is missing: %v", got)
	}
}
