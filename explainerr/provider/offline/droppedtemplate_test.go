package offline

import "testing"

// TestTemplateErrorDroppedForAFixedAnswer: a template's execution whose
// error the app answers with a fixed text drops what failed: the branch,
// the dropped error and the template file the answer names are shown,
// and logging the error advised.
func TestTemplateErrorDroppedForAFixedAnswer(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":         "module example.com/spa\n\ngo 1.22\n",
		"web/index.html": "<html><body>{{ index .Manifest \"main\" \"file\" }}</body></html>\n",
		"main.go": `package main

import (
	"bytes"
	"html/template"
	"net/http"
)

var page = template.Must(template.ParseFiles("web/index.html"))

func serveIndex(w http.ResponseWriter, r *http.Request) {
	var out bytes.Buffer
	if err := page.Execute(&out, map[string]any{"Manifest": map[string]any{}}); err != nil {
		http.Error(w, "could not execute index.html", http.StatusInternalServerError) //!answer
		return
	}
	w.Write(out.Bytes())
}
`,
	})
	_, answer := app.line("answer")
	text := Analyze(statusReport("could not execute index.html\n", app.frame(t, "answer", "main.serveIndex")))
	mustHave(t, text, "The error of `page.Execute`", "is dropped there", "The template is `web/index.html`", "Log `err` (or write it into the answer while developing) at `main.go:"+itoa(answer)+"`")
}
