package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// TestNilMapOfTheLiteralThatLeavesItOut: a function builds two values
// of the type, the first with its map and the second without: the one
// named is the second, and the first is not said to leave the map out.
func TestNilMapOfTheLiteralThatLeavesItOut(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/quota\n\ngo 1.22\n",
		"web/web.go": `package web

import "net/http"

type counter struct {
	name  string
	limit int
	hits  map[string]int
}

func (c *counter) add(key string) {
	c.hits[key]++ //! panic
}

var (
	users counter
	keys  counter
)

func init() {
	users = counter{
		name:  "users",
		limit: 10,
		hits:  make(map[string]int),
	}
	keys = counter{
		name:  "keys",
		limit: 5,
	}
}

// Hit counts a request by its API key.
func Hit(w http.ResponseWriter, r *http.Request) {
	keys.add(r.Header.Get("X-Key"))
}
`,
	}
	app := writeMarkedApp(t, files)
	f := app.frame(t, "panic", "example.com/quota/web.(*counter).add")
	r := panicReport("runtime.plainError", "assignment to entry in nil map", f)
	r.Context = appsource.Static(r)
	text := Analyze(r)
	mustHave(t, text, "(`web.go:26`) without setting `hits`")
	mustLack(t, text, "web.go:21`) without setting")
	assertGroundedIn(t, r, text, files)
}
