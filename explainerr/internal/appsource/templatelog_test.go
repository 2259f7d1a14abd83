package appsource

import (
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTemplateNamedInTheLog: an app that answers "Error executing
// template" and logs html/template's error brings the template the
// logged error names into the context.
func TestTemplateNamedInTheLog(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                "module example.com/panel\n",
		"web/assets/users.html": "<ul>\n{{template \"rows\" .}}\n</ul>\n{{define \"user_rows\"}}<li>{{.}}</li>{{end}}\n",
		"web/handler.go": `package web

import "net/http"

func users(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "Error executing template", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, "Error executing template", report.Frame{Function: "example.com/panel/web.users", File: "web/handler.go", Line: 6})
	r.Logs = []report.LogLine{{Time: time.Unix(0, 0), Text: `2026/12/02 10:00:00 [WARN] can't execute template: html/template:users.html:2:11: no such template "rows"`}}
	for _, c := range Static(r) {
		if c.File == "web/assets/users.html" {
			return
		}
	}
	t.Errorf("the template the log names is not in the context: %v", reasonsInOrder(Static(r)))
}

// TestTemplateNamedWithoutALine: an app's own "template NAME: …" with no
// line brings the template too.
func TestTemplateNamedWithoutALine(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                   "module example.com/home\n",
		"web/templates/index.html": "<title>{{.Title}}</title>\n<p>{{.Message}}</p>\n",
		"web/handler.go": `package web

import "net/http"

func home(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "template index.html: can't evaluate field Title in type struct { Message string }", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, "template index.html: can't evaluate field Title in type struct { Message string }", report.Frame{Function: "example.com/home/web.home", File: "web/handler.go", Line: 6})
	for _, c := range Static(r) {
		if c.File == "web/templates/index.html" {
			return
		}
	}
	t.Errorf("the template is not in the context: %v", reasonsInOrder(Static(r)))
}

// TestTemplateNamedWithoutItsExtension: an engine that names its
// templates without the file's extension ("views/list" of
// views/list.html) still brings the template file html/template's error
// names.
func TestTemplateNamedWithoutItsExtension(t *testing.T) {
	msg := `template: views/list:2:9: executing "views/list" at <.Author>: can't evaluate field Author in type *store.Post`
	root := writeModule(t, map[string]string{
		"go.mod":          "module example.com/posts\n",
		"views/list.html": "<ul>\n<li>{{.Author}}</li>\n</ul>\n",
		"web/handler.go": `package web

import "net/http"

func list(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "render failed", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, msg, report.Frame{Function: "example.com/posts/web.list", File: "web/handler.go", Line: 6})
	for _, c := range Static(r) {
		if c.File == "views/list.html" {
			return
		}
	}
	t.Errorf("the template is not in the context: %v", reasonsInOrder(Static(r)))
}

// TestTemplateAnAppCouldNotExecute: an app's own words for a template it
// could not execute ("could not execute index.html"), with no line,
// bring the template, around its line with the most actions.
func TestTemplateAnAppCouldNotExecute(t *testing.T) {
	long := strings.Repeat("<p>plain text of the page, with no action in it at all</p>\n", 40)
	root := writeModule(t, map[string]string{
		"go.mod":            "module example.com/spa\n",
		"public/index.html": long + "{{ $js := index .Manifest \"main\" \"file\" }} {{ $css := index .Manifest \"main\" \"css\" }}\n" + long,
		"web/handler.go": `package web

import "net/http"

func index(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "could not execute index.html", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, "could not execute index.html", report.Frame{Function: "example.com/spa/web.index", File: "web/handler.go", Line: 6})
	for _, c := range Static(r) {
		if c.File == "public/index.html" {
			if c.StartLine > 41 || c.EndLine < 41 {
				t.Errorf("the template is shown at %d-%d, not around its actions (41)", c.StartLine, c.EndLine)
			}
			return
		}
	}
	t.Errorf("the template is not in the context: %v", reasonsInOrder(Static(r)))
}
