package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTemplateDataType: a template that asks for a field its data lacks
// brings the template and the declaration of the type it was given, of
// the package the error names.
func TestTemplateDataType(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                  "module example.com/shop\n",
		"web/templates/item.html": "<h1>{{.Titel}}</h1>\n<p>{{.Price}}</p>\n",
		"store/item.go":           "package store\n\n// Item is one thing for sale.\ntype Item struct {\n\tTitle string\n\tPrice int\n}\n",
		"web/item.go":             "package web\n\n// Item is a view of an item.\ntype Item struct{ Name string }\n",
		"web/handler.go": `package web

import (
	"html/template"
	"net/http"

	"example.com/shop/store"
)

var page = template.Must(template.ParseFiles("templates/item.html"))

func show(w http.ResponseWriter, r *http.Request) {
	if err := page.Execute(w, &store.Item{Title: "x"}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, `template: item.html:1:6: executing "item.html" at <.Titel>: can't evaluate field Titel in type *store.Item`,
		report.Frame{Function: "example.com/shop/web.show", File: "web/handler.go", Line: 14})
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Reason+":"+c.File)
	}
	want := map[string]bool{"frame:web/templates/item.html": true, "template:store/item.go": true}
	for _, g := range got {
		delete(want, g)
		if g == "template:web/item.go" {
			t.Errorf("the type of another package is shown: %q", got)
		}
	}
	if len(want) > 0 {
		t.Errorf("context %q lacks %v", got, want)
	}
}

// TestTemplateEscapingError: html/template's escaping error, written
// "html/template:NAME:LINE:COL" with the name's directory, brings the
// template file.
func TestTemplateEscapingError(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                    "module example.com/shelf\n",
		"web/views/shelf/book.html": "<a {{if .Rel}}rel=\"{{.Rel}}{{end}}\">x</a>\n",
		"web/handler.go": `package web

import "net/http"

func show(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "render", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, `html/template:shelf/book.html:1:3: {{if}} branches end in different contexts: {stateAttr delimDoubleQuote} vs {stateTag}`,
		report.Frame{Function: "example.com/shelf/web.show", File: "web/handler.go", Line: 6})
	for _, c := range Static(r) {
		if c.File == "web/views/shelf/book.html" {
			return
		}
	}
	t.Errorf("the template is not in the context: %+v", Static(r))
}

// TestTemplateDefinedInAnotherFile: an execution error that names the
// set's first file at a line that does not hold the failing expression
// brings the file that defines the template executing names and holds it.
func TestTemplateDefinedInAnotherFile(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                         "module example.com/forms\n",
		"static/templates/login.html":    "<h1>{{.Title}}</h1>\n",
		"static/templates/sub-form.html": "{{define \"subscription-form\"}}\n<ul>{{range $l := .Lists}}\n<li>{{$l.Desc}}</li>\n{{end}}</ul>\n{{end}}\n",
		"web/handler.go": `package web

import "net/http"

func form(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "render", http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, `template: login.html:25:35: executing "subscription-form" at <$l.Desc>: can't evaluate field Desc in type models.List`,
		report.Frame{Function: "example.com/forms/web.form", File: "web/handler.go", Line: 6})
	for _, c := range Static(r) {
		if c.File == "static/templates/sub-form.html" {
			return
		}
	}
	t.Errorf("the template that defines subscription-form is not in the context: %+v", Static(r))
}
