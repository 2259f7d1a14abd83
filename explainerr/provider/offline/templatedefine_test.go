package offline

import "testing"

// TestTemplateActionInTheDefiningFile: an execution error that names the
// set's first file at a line without the failing action is placed in the
// file that defines the executing template, at the action's line.
func TestTemplateActionInTheDefiningFile(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                  "module example.com/forms\n\ngo 1.22\n",
		"templates/login.html":    "<h1>{{ .Title }}</h1>\n{{ end }}\n",
		"templates/sub-form.html": "{{ define \"subscription-form\" }}\n<ul>{{ range $l := .Lists }}\n<li>{{ $l.Desc }}</li>\n{{ end }}</ul>\n{{ end }}\n",
		"main.go": `package main

import (
	"html/template"
	"net/http"
)

// List is a mailing list.
type List struct{ Name, Description string }

var pages = template.Must(template.ParseGlob("templates/*.html"))

func form(w http.ResponseWriter, r *http.Request) {
	if err := pages.ExecuteTemplate(w, "subscription-form", map[string]any{"Lists": []List{{Name: "a"}}}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! status
	}
}
`,
	})
	msg := `template: login.html:2:5: executing "subscription-form" at <$l.Desc>: can't evaluate field Desc in type main.List`
	text := Analyze(statusReport(msg, app.frame(t, "status", "form")))
	mustHave(t, text, "`sub-form.html:3`")
	mustLack(t, text, "`login.html:2`")
}
