package appsource

import (
	"path/filepath"
	"testing"
)

// guardedModule registers its routes with middleware made by calls
// before the handler (gin's and fiber's order), and one echo-style, the
// handler first and the middleware after.
var guardedModule = map[string]string{
	"go.mod": "module example.com/guarded\n",
	"web/routes.go": `package web

type Ctx interface{}

type Handler func(c Ctx) error

type Router struct{}

func (r *Router) Post(path string, hs ...Handler)              {}
func (r *Router) GET(path string, h Handler, mw ...func(Handler) Handler) {}

func Protected() Handler { return func(c Ctx) error { return nil } }

func Logged() func(Handler) Handler { return nil }

func Routes(r *Router) {
	r.Post("/book", Protected(), CreateBook)
	r.GET("/book", ListBooks, Logged())
}

func CreateBook(c Ctx) error { return nil }

func ListBooks(c Ctx) error { return nil }
`,
}

// TestRouteHandlerAfterMiddleware: a route's handler is the named
// function after the middleware a call made, and the first argument
// when the middleware follows it.
func TestRouteHandlerAfterMiddleware(t *testing.T) {
	root := writeModule(t, guardedModule)
	m := Load(filepath.Join(root, "web", "routes.go"))
	for _, tc := range []struct{ method, want string }{{"POST", "CreateBook"}, {"GET", "ListBooks"}} {
		rt, ok := m.URLRouteHandler(tc.method, "/book")
		if !ok || rt.Handler == nil || rt.Handler.Name.Name != tc.want {
			name := ""
			if rt.Handler != nil {
				name = rt.Handler.Name.Name
			}
			t.Errorf("%s /book: handler %q, want %s", tc.method, name, tc.want)
		}
	}
}
