package explainerr_test

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/layeredapp"
	"github.com/explainerr/explainerr/internal/layeredapp/memstore"
)

// TestStaticContextFollowsAnInterface: a handler that calls its store
// through an interface-typed field gets, in the static context, the
// method of the module type that implements it, marked "implementation".
func TestStaticContextFollowsAnInterface(t *testing.T) {
	ex := newExplainer(t, explainerr.WithContext(explainerr.ContextStatic))
	h := ex.Middleware(layeredapp.New(memstore.New()))
	rep := decodeReport(t, get(h, "GET", "/?id=7", "application/json"))
	if rep.Mode != "static" {
		t.Fatalf("mode %q", rep.Mode)
	}
	var found bool
	for _, c := range rep.Context {
		if c.File == "internal/layeredapp/memstore/memstore.go" && c.Symbol == "(*Notes).Get" {
			found = true
			if c.Reason != "implementation" {
				t.Errorf("the implementation's reason is %q", c.Reason)
			}
		}
	}
	if !found {
		var got []string
		for _, c := range rep.Context {
			got = append(got, c.Reason+":"+c.File+":"+c.Symbol)
		}
		t.Errorf("the static context lacks the store's implementation: %q", got)
	}
}
