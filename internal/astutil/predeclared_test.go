package astutil

import (
	"go/types"
	"testing"
)

// TestPredeclaredIsTheUniverse: the list holds exactly the names of
// go/types' universe scope (unsafe's are not in it).
func TestPredeclaredIsTheUniverse(t *testing.T) {
	for _, name := range types.Universe.Names() {
		if !Predeclared(name) {
			t.Errorf("%s is in the universe but not in the list", name)
		}
	}
	for name := range predeclared {
		if types.Universe.Lookup(name) == nil {
			t.Errorf("%s is in the list but not in the universe", name)
		}
	}
}
