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

// TestTemplateSetNamedApartFromItsFile: a set named "Receipt" in code,
// parsed from receipt.tmpl, is read from that file; the field the action
// asks for ends with the one field of the type of that name's end, which
// is proposed, at the template's line.
func TestTemplateSetNamedApartFromItsFile(t *testing.T) {
	files := map[string]string{
		"go.mod":                   "module example.com/till\n\ngo 1.22\n",
		"assets/mail/receipt.tmpl": "Thank you.\nTotal: {{.GrandTotal}}\n",
		"mail.go": `package main

import (
	"os"
	"strings"
	"text/template"
)

type receiptData struct {
	Total string
	Items []string
}

func receipt(total string) (string, error) {
	body, _ := os.ReadFile("assets/mail/receipt.tmpl")
	t := template.Must(template.New("Receipt").Parse(string(body)))
	var b strings.Builder
	err := t.Execute(&b, receiptData{Total: total}) //! exec
	return b.String(), err
}
`,
	}
	app := writeMarkedApp(t, files)
	msg := `template: Receipt:2:10: executing "Receipt" at <.GrandTotal>: can't evaluate field GrandTotal in type main.receiptData`
	r := statusReport(msg, app.frame(t, "exec", "receipt"))
	text := Analyze(r)
	mustHave(t, text, "`receipt.tmpl:2`", "Correct the name in the template at `receipt.tmpl:2`: `GrandTotal` → `Total`.")
	assertGroundedIn(t, r, text, files)
}
