package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// shelfPages is an app whose pages render templates through a helper
// that drops the template's error and answers a bare 500 through a
// response middleware, after the handler returned.
var shelfPages = map[string]string{
	"go.mod":          "module example.com/pages\n",
	"views/book.html": "<h1>{{.Title}}</h1>\n<a {{if .Rel}}rel=\"{{.Rel}}{{end}}\">more</a>\n",
	"views/list.html": "<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>\n",
	"web/render.go": `package web

import (
	"html/template"
	"net/http"
)

var pages = template.Must(template.ParseGlob("views/*.html"))

func render(w http.ResponseWriter, name string, data any) {
	if err := pages.ExecuteTemplate(w, name, data); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
`,
	"web/routes.go": `package web

import "net/http"

// Book shows a book.
func Book(w http.ResponseWriter, r *http.Request) {
	render(w, "book.html", map[string]string{"Title": "x"})
}

// List lists books.
func List(w http.ResponseWriter, r *http.Request) {
	render(w, "list.html", []string{"x"})
}

// Shelves counts shelves.
type Shelves interface{ Count() (int, error) }

var shelves Shelves

// ShelfCount shows how many shelves there are.
func ShelfCount(w http.ResponseWriter, r *http.Request) {
	if _, err := shelves.Count(); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

func toHandler(prefix string, h http.HandlerFunc, auth bool) http.HandlerFunc { return h }

// Routes registers the pages.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /books/{id}", Book)
	mux.HandleFunc("GET /books", List)
	mux.HandleFunc("GET /shelves/count", toHandler("shelves", ShelfCount, true))
}
`,
	"store/shelves.go": `package store

import "database/sql"

// PG keeps shelves.
type PG struct{ db *sql.DB }

// Count counts them.
func (p *PG) Count() (int, error) {
	var n int
	err := p.db.QueryRow("SELECT count(*) FROM shelfs").Scan(&n)
	return n, err
}
`,
	"web/respond.go": `package web

import "net/http"

type recorder struct {
	http.ResponseWriter
	status int
}

// Respond answers a bare 5xx with a JSON body of its own.
func Respond(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status >= 500 {
			w.Write([]byte("{\"error\":\"Internal server error\"}"))
		}
	})
}
`,
}

// TestRouteHandlerAndTemplateOfABareServerError: a bare 500 written by a
// response middleware after the handler returned brings the route's
// handler and the template it renders, an access log's info record
// beside it or not; an error whose words say more (an
// SQL error) brings the handler but no template, and a panic raised in
// the middleware brings neither.
func TestRouteHandlerAndTemplateOfABareServerError(t *testing.T) {
	root := writeModule(t, shelfPages)
	frame := report.Frame{Function: "example.com/pages/web.Respond.func1", File: "web/respond.go", Line: 16}
	for _, tc := range []struct {
		name, msg, kind string
		route, template string
	}{
		{"bare 500", `{"error":"Internal server error"}`, report.KindStatus, "Book", "views/book.html"},
		{"bare 500 and an access log", `{"error":"Internal server error"}`, report.KindStatus, "Book", "views/book.html"},
		{"SQL error", `pq: relation "books" does not exist`, report.KindStatus, "Book", ""},
		{"panic in the middleware", "runtime error: index out of range [1] with length 0", report.KindPanic, "", ""},
	} {
		r := shelfReport(root, tc.msg, frame)
		r.Error.Kind = tc.kind
		if tc.name == "bare 500 and an access log" {
			r.Logs = []report.LogLine{{Text: `time="2026-12-02T15:04:39Z" level=info msg="request completed" path=/books/1`}}
		}
		r.Request.Method, r.Request.Route = "GET", "/books/{id}"
		route, tmpl := "", ""
		for _, c := range Static(r) {
			switch c.Reason {
			case report.ReasonRoute:
				route = c.Symbol
			case report.ReasonTemplate:
				tmpl = c.File
			}
		}
		if route != tc.route || tmpl != tc.template {
			t.Errorf("%s: route %q and template %q, want %q and %q", tc.name, route, tmpl, tc.route, tc.template)
		}
	}
}

// TestRouteThroughAWrapperAndItsInterface: a handler registered through a
// wrapper given other arguments too is the route's; for a bare 500 after
// it returned, the implementation it reaches through an interface follows
// it as a lead, before the middleware's own callees.
func TestRouteThroughAWrapperAndItsInterface(t *testing.T) {
	root := writeModule(t, shelfPages)
	r := shelfReport(root, `{"error":"Internal server error"}`, report.Frame{Function: "example.com/pages/web.Respond.func1", File: "web/respond.go", Line: 16})
	r.Request.Method, r.Request.Route = "GET", "/shelves/count"
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Reason+":"+c.Symbol)
	}
	if len(got) < 3 || got[1] != "route:ShelfCount" || got[2] != "implementation:(*PG).Count" {
		t.Errorf("context %q, want the frame, the route's handler and its store's implementation first", got)
	}
}

// TestRouteOfAHandlerFactory: a route registered with a call of a
// factory that returns the handler (s.handleAuthor()) is that factory's;
// a status written inside the handler it returns has the handler on the
// stack, so no route lead is added, and one written by a middleware
// after it returned gets the factory as the route's handler.
func TestRouteOfAHandlerFactory(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/blog\n",
		"web/server.go": `package web

import "net/http"

// Server serves the blog.
type Server struct{ mux *http.ServeMux }

func (s *Server) routes() {
	s.mux.HandleFunc("GET /authors/{slug}", s.handleAuthor())
}

func (s *Server) handleAuthor() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// Recover answers after the handler.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
	})
}
`,
	})
	for _, tc := range []struct {
		frame report.Frame
		want  string
	}{
		{report.Frame{Function: "example.com/blog/web.(*Server).handleAuthor.func1", File: "web/server.go", Line: 14}, ""},
		{report.Frame{Function: "example.com/blog/web.Recover.func1", File: "web/server.go", Line: 21}, "(*Server).handleAuthor"},
	} {
		r := shelfReport(root, "500 Internal Server Error", tc.frame)
		r.Request.Method, r.Request.Route = "GET", "/authors/{slug}"
		got := ""
		for _, c := range Static(r) {
			if c.Reason == report.ReasonRoute {
				got = c.Symbol
			}
		}
		if got != tc.want {
			t.Errorf("frame %s: route chunk %q, want %q", tc.frame.Function, got, tc.want)
		}
	}
}

// TestRouteLeadBringsItsCoreCall: a handler off the stack that calls a
// method of a field whose type is another package's (a.core.Lists()) brings
// that method, where the query is, after the handler.
func TestRouteLeadBringsItsCoreCall(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/mail\n",
		"core/lists.go": `package core

import "database/sql"

// Core holds the app's operations.
type Core struct{ db *sql.DB }

// Lists lists the lists.
func (c *Core) Lists() (int, error) {
	var n int
	err := c.db.QueryRow("SELECT count(*) FROM list").Scan(&n)
	return n, err
}
`,
		"web/app.go": `package web

import (
	"net/http"

	"example.com/mail/core"
)

// App is the server.
type App struct{ core *core.Core }

func (a *App) getLists(w http.ResponseWriter, r *http.Request) {
	if _, err := a.core.Lists(); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

func (a *App) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/lists", a.getLists)
}

// OnError answers errors after the handler.
func OnError(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
	})
}
`,
	})
	r := shelfReport(root, `{"message":"Error fetching lists"}`, report.Frame{Function: "example.com/mail/web.OnError.func1", File: "web/app.go", Line: 25})
	r.Request.Method, r.Request.Route = "GET", "/api/lists"
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Reason+":"+c.Symbol)
	}
	if len(got) < 3 || got[1] != "route:(*App).getLists" || got[2] != "graph:(*Core).Lists" {
		t.Errorf("context %q, want the frame, the route's handler and its core call", got)
	}
}
