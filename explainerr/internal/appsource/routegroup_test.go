package appsource

import "testing"

// TestRouteUnderALocalGroup: a registration on a group the registering
// function makes (ur := r.Group("/users")) has the group's prefix: the
// PATCH of /users/:id is not the password group's PATCH /:id, and a
// group's own path ("") is a route.
func TestRouteUnderALocalGroup(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/groups\n",
		"web/routes.go": `package web

type Ctx interface{ Param(string) string }

type Group struct{}

func (g *Group) Group(prefix string) *Group              { return g }
func (g *Group) GET(path string, h func(c Ctx) error)   {}
func (g *Group) PATCH(path string, h func(c Ctx) error) {}

func Users(r *Group) {
	ur := r.Group("/users")
	ur.GET("", list)
	ur.PATCH("/:id", update)
}

func Passwords(r *Group) {
	pr := r.Group("/password")
	pr.PATCH("/:id", change)
}

func list(c Ctx) error   { return nil }
func update(c Ctx) error { return nil }
func change(c Ctx) error { return nil }
`,
	})
	m := Load(root + "/web/routes.go")
	for _, tc := range []struct{ method, route, want string }{
		{"PATCH", "/v1/users/:id", "update"},
		{"PATCH", "/v1/password/:id", "change"},
		{"GET", "/v1/users", "list"},
	} {
		rt, ok := m.RouteHandler(tc.method, tc.route)
		if !ok || rt.Handler == nil || rt.Handler.Name.Name != tc.want {
			got := ""
			if rt.Handler != nil {
				got = rt.Handler.Name.Name
			}
			t.Errorf("%s %s: handler %q, want %q", tc.method, tc.route, got, tc.want)
		}
	}
}
