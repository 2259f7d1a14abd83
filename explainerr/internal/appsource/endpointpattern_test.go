package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// endpointFiles are endpoints that declare their own route patterns,
// which a library runs; three of them word an error alike.
var endpointFiles = map[string]string{
	"go.mod": "module example.com/depot\n",
	"endpoints.go": `package depot

import (
	"context"
	"fmt"
)

type meta struct{ Pattern string }

type shelfGet struct{}

func (*shelfGet) Meta() *meta { return &meta{Pattern: "GET /api/shelves/{name}"} }

func (e *shelfGet) Execute(ctx context.Context, name string) error {
	if err := count(ctx, name); err != nil {
		return fmt.Errorf("error counting boxes: %w", err)
	}
	return nil
}

type shelfUpdate struct{}

func (*shelfUpdate) Meta() *meta { return &meta{Pattern: "PATCH /api/shelves/{name}"} }

func (e *shelfUpdate) Execute(ctx context.Context, name string) error {
	if err := count(ctx, name); err != nil {
		return fmt.Errorf("error counting boxes: %w", err)
	}
	return nil
}

type shelfList struct{}

func (*shelfList) Meta() *meta { return &meta{Pattern: "GET /api/shelves"} }

func (e *shelfList) Execute(ctx context.Context) error {
	if err := count(ctx, ""); err != nil {
		return fmt.Errorf("error counting boxes: %w", err)
	}
	return nil
}

func count(context.Context, string) error { return nil }
`,
	"handler.go": `package depot

import "net/http"

// Handler hands every request to the library's router.
type Handler struct{ router http.Handler }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.router.ServeHTTP(w, r)
}
`,
}

// TestEndpointDeclaringItsOwnRoute: with no route of the module's for the
// request, the endpoint whose pattern the request matches stands in for
// the route's handler, and tells which of three functions that word the
// error alike made it.
func TestEndpointDeclaringItsOwnRoute(t *testing.T) {
	root := writeModule(t, endpointFiles)
	r := shelfReport(root, "error counting boxes: tx is closed", report.Frame{Function: "example.com/depot.(*Handler).ServeHTTP", File: "handler.go", Line: 9})
	r.Request.Method, r.Request.URL = "PATCH", "/api/shelves/attic?x=1"
	var origins, routes []string
	for _, c := range Static(r) {
		if c.Reason == report.ReasonOrigin {
			origins = append(origins, c.Symbol)
		}
	}
	if len(origins) != 1 || origins[0] != "(*shelfUpdate).Execute" {
		t.Errorf("origins = %v, want the PATCH endpoint's Execute alone", origins)
	}
	if m := Load(root + "/go.mod"); !m.EndpointTypes(r)["shelfUpdate"] || m.EndpointTypes(r)["shelfGet"] {
		t.Errorf("endpoint types = %v, want shelfUpdate only", m.EndpointTypes(r))
	}

	r.Error.Message = "box not found"
	r.Request.Method, r.Request.URL = "GET", "/api/shelves"
	routes = nil
	for _, c := range Static(r) {
		if c.Reason == report.ReasonRoute {
			routes = append(routes, c.Symbol)
		}
	}
	if len(routes) != 1 || routes[0] != "(*shelfList).Execute" {
		t.Errorf("routes = %v, want the list endpoint's Execute (not its Meta)", routes)
	}
}
