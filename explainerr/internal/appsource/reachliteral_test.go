package appsource

import (
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestReachOfAFunctionLiteralsFrame: a frame in a function literal (a
// middleware written inline in the function that builds the server), by
// its closure name or as a place with no name (a log's trace), reaches
// what the literal calls, not what the function around it calls while
// setting the server up.
func TestReachOfAFunctionLiteralsFrame(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/srv\n\ngo 1.22\n",
		"server/server.go": `package server

// Handler runs a request.
type Handler func(path string)

// New builds the server: a middleware written inline, and the routes.
func New(use func(Handler)) {
	use(func(path string) { stamp(path) })
	registerRoutes()
}

func stamp(path string) { _ = path }

func registerRoutes() { loadBranding() }

func loadBranding() {}
`,
	})
	m := Load(filepath.Join(root, "server", "server.go"))
	for _, fn := range []string{"example.com/srv/server.New.func1", ""} {
		var names []string
		for _, ref := range m.Reach([]report.Frame{{Function: fn, File: filepath.Join(root, "server", "server.go"), Line: 8}}) {
			names = append(names, ref.Decl.Name.Name)
		}
		if !contains(names, "stamp") || contains(names, "registerRoutes") || contains(names, "loadBranding") {
			t.Errorf("frame %q reaches %v: want the literal's call stamp, not the routes New sets up", fn, names)
		}
	}
}
