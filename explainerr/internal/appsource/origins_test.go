package appsource

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
)

// TestErrorOriginsFoundOncePerMessage: the origins of a message are found
// once per module version (a repeated failure reads the answer), they are
// the ones a search of every format gives, and the answers kept are
// bounded however many messages come.
func TestErrorOriginsFoundOncePerMessage(t *testing.T) {
	root := writeModule(t, storeModule)
	m := Load(filepath.Join(root, "web", "handler.go"))
	if m == nil {
		t.Fatal("the module was not loaded")
	}
	const msg = "loading product 7: not found"
	first := m.ErrorOrigins(msg)
	if len(first) != 1 || first[0].Func != "(*DB).Get" {
		t.Fatalf("origins of %q = %+v, want the fmt.Errorf of (*DB).Get", msg, first)
	}
	if found := m.findErrorOrigins(msg); !reflect.DeepEqual(found, first) {
		t.Errorf("the answer kept differs from a search:\n%+v\n%+v", first, found)
	}
	if again := m.ErrorOrigins(msg); len(again) != 1 || &again[0] != &first[0] {
		t.Error("the same message was searched for again instead of reading the answer")
	}
	for i := range 3 * maxRememberedOrigins {
		m.ErrorOrigins(fmt.Sprintf("loading product %d: not found", i))
	}
	m.origins.mu.Lock()
	kept := len(m.origins.byMsgs)
	m.origins.mu.Unlock()
	if kept > maxRememberedOrigins {
		t.Errorf("%d answers kept, over the bound of %d", kept, maxRememberedOrigins)
	}
}
