package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// templateFS holds the page templates. They are parsed on every request so
// that an edited or broken template shows up on the next page load.
//
//go:embed templates/*.html
var templateFS embed.FS

// pageData is what a page template gets. Every page has a "Title".
type pageData map[string]any

// render executes the page template (a file in templates/ that defines
// "content") inside layout.html, with the shared partials, and writes it
// with status. A template that does not parse or execute is a bug in the
// app, so render panics; nothing has been written to w at that point.
func (s *Server) render(w http.ResponseWriter, status int, page string, data pageData) {
	tmpl, err := template.New("layout.html").
		Funcs(templateFuncs()).
		Option("missingkey=error").
		ParseFS(templateFS, "templates/layout.html", "templates/partials.html", "templates/"+page)
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

// templateFuncs are the functions the templates call.
func templateFuncs() template.FuncMap {
	return template.FuncMap{
		"date": func(t time.Time) string { return t.Format("2 Jan 2006") },
		"money": func(minor int64, currency string) string {
			s, err := domain.FormatMoney(minor, currency)
			if err != nil {
				return fmt.Sprintf("%d %s", minor, currency)
			}
			return s
		},
	}
}
