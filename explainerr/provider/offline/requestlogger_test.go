package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestRequestLoggerGivesWayToTheRoute: a failure whose only log line is a
// request logger's (a middleware that runs the next handler and logs the
// error it returned, with zap's console encoder and its exponent time)
// is placed at the handler the route registers, not at the logger; the
// error the app made is traced to its format, the value it names to the
// literal that gives it, and the values it accepts to the method that
// fills them.
func TestRequestLoggerGivesWayToTheRoute(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"mw/logger.go": `package mw

import "log"

// Ctx is a request's context.
type Ctx interface{ Next() error }

// Logger logs the error the handlers after it return.
func Logger() func(Ctx) error {
	return func(c Ctx) error {
		if err := c.Next(); err != nil {
			log.Printf("%v", err)
			return err
		}
		return nil
	}
}
`,
		"views/views.go": `package views

import (
	"fmt"
	"path/filepath"
)

// Set holds the pages by name.
type Set struct{ pages map[string]string }

// Load names each page by its file's base name.
func (s *Set) Load(files []string) {
	s.pages = map[string]string{}
	for _, f := range files {
		s.pages[filepath.Base(f)] = f
	}
}

// Show renders the page called name.
func (s *Set) Show(name string) error {
	page, ok := s.pages[name]
	if !ok {
		return fmt.Errorf("show: page %s is not in the set", name)
	}
	_ = page
	return nil
}
`,
		"main.go": `package main

import "example.com/shelf/views"

// Router registers routes.
type Router struct{}

// Get registers a GET route.
func (Router) Get(path string, h func() error) {}

var set views.Set

func routes(r Router) {
	r.Get("/shelves", listShelves)
}

func listShelves() error {
	return set.Show("pages/shelves")
}
`,
	}
	app := writeMarkedApp(t, files)
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: "show: page pages/shelves is not in the set"},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework/adaptor.handlerFunc.func1", File: "/go/pkg/mod/github.com/some/framework/adaptor/adaptor.go", Line: 168, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/shelves"},
		Logs:    []report.LogLine{{Text: "1.7964167379562786e+09\terror\tmw/logger.go:12\tfailed to render: show: page pages/shelves is not in the set\t{\"pid\": \"1\"}"}},
		Build:   report.Build{Module: "example.com/shelf", Dir: app.root},
	}
	r.Context = appsource.Static(r)
	text := Analyze(r)
	mustHave(t, text,
		"The request's route is handled by `listShelves`",
		"Its message matches the error made at `(*Set).Show` (`views.go:23`)",
		"The value it names, `pages/shelves`, is given at `listShelves` (`main.go:18`)",
		"The values it accepts are put there by `(*Set).Load` (`views.go:15`)")
	mustLack(t, text, "Read `Logger")
}
