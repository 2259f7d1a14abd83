package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestRouteThroughAPrefixAndAFactory: a registration whose path goes
// through a function that adds the API's prefix (base("/crates")) and
// whose handler is a factory's call given to an error chain's wrapper
// (chain.ToHandlerFunc(ctrl.HandleCreate(), mw...)) names the handler the
// factory makes, for an error the chain's middleware writes.
func TestRouteThroughAPrefixAndAFactory(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/depot\n",
		"web/routes.go": `package web

import "net/http"

type Router struct{}

func (r *Router) Post(path string, h http.HandlerFunc) {}
func (r *Router) Get(path string, h http.HandlerFunc)  {}

type Chain struct{}

func (c *Chain) ToHandlerFunc(h func(w http.ResponseWriter, r *http.Request) error, mw ...func()) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { _ = h(w, r) }
}

func BaseURL(prefix string) func(string) string {
	return func(s string) string { return prefix + s }
}

func Mount(r *Router, chain *Chain, ctrl *Controller) {
	base := BaseURL("/api/v1")
	r.Get(base("/crates"), chain.ToHandlerFunc(ctrl.HandleList()))
	r.Post(base("/crates"), chain.ToHandlerFunc(ctrl.HandleCreate(), nil))
}

func Errors(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
`,
		"web/crates.go": `package web

import (
	"errors"
	"net/http"
)

type Controller struct{}

func (c *Controller) HandleList() func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error { return nil }
}

func (c *Controller) HandleCreate() func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error { return errors.New("create: constraint") }
}
`,
	})
	r := shelfReport(root, "FOREIGN KEY constraint failed", report.Frame{Function: "example.com/depot/web.Errors", File: "web/routes.go", Line: 25})
	r.Request.Method, r.Request.Route = "POST", "/api/v1/crates"
	got := ""
	for _, c := range Static(r) {
		if c.Reason == report.ReasonRoute {
			got = c.Symbol
		}
	}
	if got != "(*Controller).HandleCreate" {
		t.Errorf("route chunk %q, want (*Controller).HandleCreate: %v", got, reasonsInOrder(Static(r)))
	}
}
