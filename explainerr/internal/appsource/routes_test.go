package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// shopModule registers its handlers on a group with a prefix; an error
// handler passes a returned error on, so the stack holds only it.
var shopModule = map[string]string{
	"go.mod": "module example.com/shop\n",
	"web/routes.go": `package web

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error)  {}
func (g *Group) POST(path string, h func(c Ctx) error) {}

type Ctx interface{ Param(string) string }

func Routes(g *Group, h *Orders) {
	g.GET("/orders/:id", h.Show)
	g.POST("/orders/:id", h.Cancel)
	g.GET("/about", func(c Ctx) error { return nil })
}

func OnError(err error, c Ctx) {
	_ = err
}
`,
	"web/orders.go": `package web

import "errors"

type Orders struct{}

func (o *Orders) Show(c Ctx) error {
	return errors.New("order " + c.Param("id") + ": no such column: totl")
}

func (o *Orders) Cancel(c Ctx) error { return nil }
`,
}

// TestRouteNamesTheReturnedHandler: for an error whose stack holds only
// the error handler, the handler the route registers (for the request's
// method, under a group's prefix) follows the frame; a route the module
// does not register brings nothing.
func TestRouteNamesTheReturnedHandler(t *testing.T) {
	root := writeModule(t, shopModule)
	for _, tc := range []struct {
		method, route, want string
	}{
		{"GET", "/api/orders/:id", "(*Orders).Show"},
		{"POST", "/api/orders/:id", "(*Orders).Cancel"},
		{"GET", "/api/customers/:id", ""},
	} {
		r := shelfReport(root, "order 7: no such column: totl", report.Frame{Function: "example.com/shop/web.OnError", File: "web/routes.go", Line: 17})
		r.Error.Kind, r.Error.HandedOver = report.KindError, true
		r.Request.Method, r.Request.Route = tc.method, tc.route
		cs := Static(r)
		got := ""
		for _, c := range cs {
			if c.Reason == report.ReasonRoute {
				got = c.Symbol
			}
		}
		if got != tc.want {
			t.Errorf("%s %s: route chunk %q, want %q: %v", tc.method, tc.route, got, tc.want, reasonsInOrder(cs))
		}
		if tc.want != "" && (len(cs) < 2 || cs[1].Reason != report.ReasonRoute) {
			t.Errorf("%s %s: the route's handler does not follow the frame: %v", tc.method, tc.route, reasonsInOrder(cs))
		}
	}
}

// TestRouteNamesTheHandlerOfARaisedAgainPanic: a runtime error that a
// timeout middleware recovered on the handler's goroutine and raised
// again on its own has a stack that starts in that middleware, not in the
// app: the route's handler is a lead. A panic whose stack starts in the
// app's own code (a middleware of its own, before any handler ran) is not
// given the handler.
func TestRouteNamesTheHandlerOfARaisedAgainPanic(t *testing.T) {
	root := writeModule(t, shopModule)
	for _, tc := range []struct {
		name      string
		firstKind string
		want      string
	}{
		{"raised again by net/http's TimeoutHandler", report.FrameStdlib, "(*Orders).Show"},
		{"raised in the app's own middleware", report.FrameApp, ""},
	} {
		r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference", report.Frame{Function: "example.com/shop/web.OnError", File: "web/routes.go", Line: 17})
		first := report.Frame{Function: "net/http.(*timeoutHandler).ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 3842, Kind: report.FrameStdlib}
		if tc.firstKind == report.FrameApp {
			first = r.Frames[0]
		}
		r.Frames = append([]report.Frame{first}, r.Frames...)
		r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.errorString"
		r.Request.Method, r.Request.Route = "GET", "/api/orders/:id"
		got := ""
		for _, c := range Static(r) {
			if c.Reason == report.ReasonRoute {
				got = c.Symbol
			}
		}
		if got != tc.want {
			t.Errorf("%s: route chunk %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestRouteOfAMethodValueOfTheReceiver: a handler registered as a method
// value of the registering method's receiver (h.Page in (h *Cache)
// Routes) is found although other types of the module have a method of
// that name too.
func TestRouteOfAMethodValueOfTheReceiver(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pages\n",
		"web/group.go": `package web

type Group struct{ name string }

func (g *Group) GET(path string, h func() error) *Group { return g }
`,
		"web/cache.go": `package web

type Cache struct{}

func (h *Cache) Routes(g *Group) {
	g.GET("/cache", h.Page).name = "cache"
}

func (h *Cache) Page() error { return nil }
`,
		"web/about.go": `package web

type About struct{}

func (h *About) Routes(g *Group) {
	g.GET("/about", h.Page).name = "about"
}

func (h *About) Page() error { return nil }
`,
	})
	m := Load(root + "/web/cache.go")
	for route, want := range map[string]string{"/cache": "(*Cache).Page", "/about": "(*About).Page"} {
		rt, ok := m.RouteHandler("GET", route)
		if !ok || rt.Handler == nil || FuncName(rt.Handler) != want {
			t.Errorf("GET %s: handler found %v, want %s", route, ok, want)
		}
	}
}
