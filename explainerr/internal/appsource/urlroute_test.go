package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// crateModule registers its handlers with its framework's own
// Handle(method, group, path, handler, middleware…), on a router that
// does not say which route it took.
var crateModule = map[string]string{
	"go.mod": "module example.com/crates\n",
	"web/app.go": `package web

import "net/http"

type App struct{}

func (a *App) Handle(method, group, path string, h func(w http.ResponseWriter, r *http.Request) error, mw ...string) {}
`,
	"web/routes.go": `package web

import "net/http"

type Crates struct{}

func (c *Crates) Query(w http.ResponseWriter, r *http.Request) error    { return nil }
func (c *Crates) QueryByID(w http.ResponseWriter, r *http.Request) error { return nil }
func (c *Crates) Update(w http.ResponseWriter, r *http.Request) error   { return nil }

func Routes(app *App, c *Crates) {
	const version = "v1"
	app.Handle(http.MethodGet, version, "/crates", c.Query)
	app.Handle(http.MethodGet, version, "/crates/:crate_id", c.QueryByID, "auth")
	app.Handle(http.MethodPut, version, "/crates/:crate_id", c.Update, "auth")
}

func OnError(err error, w http.ResponseWriter) { _ = err }
`,
}

// TestRouteOfARequestURL: registrations through a framework's Handle with
// the method and a group before the path are read; with no route from the
// router, the request's URL path finds the handler of its method.
func TestRouteOfARequestURL(t *testing.T) {
	root := writeModule(t, crateModule)
	m := Load(root + "/web/routes.go")
	for _, tc := range []struct{ method, url, want string }{
		{"GET", "/v1/crates/9b468f90-1cf1?full=1", "QueryByID"},
		{"PUT", "/v1/crates/9b468f90-1cf1", "Update"},
		{"GET", "/v1/crates", "Query"},
		{"GET", "/v1/pallets/7", ""},
	} {
		rt, ok := m.URLRouteHandler(tc.method, tc.url)
		got := ""
		if ok && rt.Handler != nil {
			got = rt.Handler.Name.Name
		}
		if got != tc.want {
			t.Errorf("%s %s: handler %q, want %q", tc.method, tc.url, got, tc.want)
		}
	}
	r := shelfReport(root, "query: crate 7: not found", report.Frame{Function: "example.com/crates/web.OnError", File: "web/routes.go", Line: 18})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	r.Request.Method, r.Request.URL = "GET", "/v1/crates/7"
	if got := reasons(Static(r)); !contains(got["route"], "web/routes.go:(*Crates).QueryByID") {
		t.Errorf("the handler of the request's URL is no route lead: %v", got)
	}
}
