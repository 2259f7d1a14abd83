package offline

import "testing"

// crateFiles drop the error of a lookup that returns a struct value: when
// the lookup fails, the value is the zero struct, whose pointer field is
// nil.
var crateFiles = map[string]string{
	"go.mod": "module example.com/depot\n",
	"store/crates.go": `package store

import "errors"

// Shelf is where a crate stands.
type Shelf struct{ ID string }

// Crate is one crate, by value.
type Crate struct {
	ID    string
	Shelf *Shelf
}

// Crates is the crate store.
type Crates struct{ byID map[string]Crate }

// Get returns the crate of that id.
func (c *Crates) Get(id string) (Crate, error) {
	cr, ok := c.byID[id]
	if !ok {
		return Crate{}, errors.New("crate not found")
	}
	return cr, nil
}

// Pallet is a pallet, by value.
type Pallet struct{ Shelf *Shelf }

// Pallets is the pallet store.
type Pallets struct{}

// Get returns a pallet: a method of the same name on another store.
func (p *Pallets) Get(id string) (Pallet, error) { return Pallet{}, nil }
`,
	"web/handler.go": `package web

import (
	"net/http"

	"example.com/depot/store"
)

// Handler answers crates.
type Handler struct{ Crates *store.Crates }

// Shelf answers the shelf of a crate.
func (h *Handler) Shelf(w http.ResponseWriter, r *http.Request) {
	crate, _ := h.Crates.Get(r.URL.Query().Get("id"))
	w.Write([]byte(crate.Shelf.ID)) //! shelf
}
`,
}

// TestNilFieldOfADiscardedStructValue: a value assigned from a call whose
// error is dropped is never said to be nil when its type is a struct; the
// nil is its pointer field, which the zero value leaves nil.
func TestNilFieldOfADiscardedStructValue(t *testing.T) {
	app := writeMarkedApp(t, crateFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "shelf", "(*Handler).Shelf"))
	text := Analyze(r)
	mustLack(t, text, "`crate` is nil", "if crate == nil", "`crate` is left `nil`")
	mustHave(t, text, "`crate.Shelf` is nil", "the zero `Crate`,", "Check the error instead of discarding it")
	mustLack(t, text, "Pallet")
}
