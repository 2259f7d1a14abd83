package app

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"net/http"
)

// templateFS holds the page templates. They are parsed on every request so
// that an edited or broken template shows up on the next page load.
//
//go:embed templates/*.html
var templateFS embed.FS

// pageData is what a page template gets. Every page has a "Title".
type pageData map[string]any

// render executes the page template (a file in templates/ that defines
// "content") inside layout.html and writes it with status. A template that
// does not parse or execute is a bug in the app, so render panics, as
// template.Must does; nothing has been written to w at that point.
func (s *Server) render(w http.ResponseWriter, status int, page string, data pageData) {
	tmpl, err := template.New("layout.html").
		Funcs(templateFuncs()).
		Option("missingkey=error").
		ParseFS(templateFS, "templates/layout.html", "templates/"+page)
	if err != nil {
		panic(fmt.Errorf("render %s: %w", page, err))
	}
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, "layout.html", data); err != nil {
		panic(fmt.Errorf("render %s: %w", page, err))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	buf.WriteTo(w)
}
