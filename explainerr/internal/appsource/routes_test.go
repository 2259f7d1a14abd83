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
