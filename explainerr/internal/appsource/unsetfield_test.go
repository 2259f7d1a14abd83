package appsource

import (
	"go/ast"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// galleryModule's handler goes through a store its constructor leaves
// out of the literal, and a cache its constructor sets.
var galleryModule = map[string]string{
	"go.mod": "module example.com/gallery\n",
	"web/routes.go": `package web

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error) {}

type Ctx interface{ Param(string) string }

func Routes(g *Group, p *Pictures) {
	g.GET("/p/:id", p.Show)
}

func OnError(err error, c Ctx) {
	_ = err
}
`,
	"web/pictures.go": `package web

type Store struct{ names map[string]string }

func (s *Store) Name(id string) string { return s.names[id] }

type Cache struct{ hits int }

func (c *Cache) Hit() { c.hits++ }

type Pictures struct {
	cache *Cache
	store *Store
	title string
}

func NewPictures(c *Cache, s *Store) *Pictures {
	return &Pictures{cache: c, title: "pictures"}
}

func (p *Pictures) Show(c Ctx) error {
	p.cache.Hit()
	_ = p.store.Name(c.Param("id"))
	return nil
}
`,
}

// TestUnsetFieldOfTheRoutesHandler: a nil the route's handler meets in
// a field of its receiver that the constructor leaves out is traced to
// the constructor, in the context of a panic raised again outside the
// app; a field the constructor sets is not.
func TestUnsetFieldOfTheRoutesHandler(t *testing.T) {
	root := writeModule(t, galleryModule)
	r := shelfReport(root, "runtime error: invalid memory address or nil pointer dereference", report.Frame{Function: "example.com/gallery/web.OnError", File: "web/routes.go", Line: 12})
	first := report.Frame{Function: "net/http.(*timeoutHandler).ServeHTTP", File: "/usr/local/go/src/net/http/server.go", Line: 3842, Kind: report.FrameStdlib}
	r.Frames = append([]report.Frame{first}, r.Frames...)
	r.Error.Kind, r.Error.Type = report.KindPanic, "runtime.errorString"
	r.Request.Method, r.Request.Route = "GET", "/p/:id"
	got := reasons(Static(r))
	if !contains(got["constructor"], "web/pictures.go:NewPictures") {
		t.Errorf("the constructor that leaves the store out is missing: %v", got)
	}

	m := Load(root + "/web/pictures.go")
	var show FuncRef
	for _, f := range m.Files {
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && FuncName(fd) == "(*Pictures).Show" {
				show = FuncRef{File: f, Decl: fd}
			}
		}
	}
	us := m.UnsetFields(show)
	if len(us) != 1 || us[0].Field != "store" || us[0].Type != "*Store" || FuncName(us[0].Ctor.Func.Decl) != "NewPictures" {
		t.Errorf("unset fields: %+v, want store alone, left out by NewPictures", us)
	}
}
