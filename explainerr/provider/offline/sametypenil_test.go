package offline

import "testing"

// twoStoresFiles declare a Store in two packages; the cache's constructor
// leaves its map out, the products' has no map at all.
var twoStoresFiles = map[string]string{
	"go.mod": "module example.com/shelves\n",
	"products/store.go": `package products

// Store keeps products.
type Store struct{ names []string }

// NewStore makes a product store.
func NewStore() *Store {
	return &Store{}
}
`,
	"cache/store.go": `package cache

// Store caches names by id.
type Store struct {
	byID map[string]string
}

// NewStore makes a cache.
func NewStore() *Store {
	return &Store{}
}

// Put caches a name.
func (s *Store) Put(id, name string) {
	s.byID[id] = name //! put
}
`,
}

// TestNilMapOfATypeNamedInTwoPackages: the constructor named for a nil
// map field is the one of the failing method's package, not another
// package's type of the same name.
func TestNilMapOfATypeNamedInTwoPackages(t *testing.T) {
	app := writeMarkedApp(t, twoStoresFiles)
	f := app.frame(t, "put", "x")
	f.Function = "example.com/shelves/cache.(*Store).Put"
	r := panicReport("runtime.Error", "assignment to entry in nil map", f)
	text := Analyze(r)
	mustHave(t, text, "built without creating `byID` at `NewStore` (`store.go:10`): `return &Store{}`, so every")
	mustLack(t, text, "store.go:8")
}
