package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestInlineTemplateWrongArgCount: a template made in code from a string
// (its name empty) fails to run a function called without its argument;
// the error is read as an execution error, the action is found in the
// module's literal that writes it, and the fix gives the function its
// argument there.
func TestInlineTemplateWrongArgCount(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/greeter\n\ngo 1.22\n",
		"mail/mail.go": `package mail

import (
	"net/http"
	"strings"
	"text/template"
)

var funcs = template.FuncMap{"Upper": strings.ToUpper}

// Greet writes a greeting for name.
func Greet(w http.ResponseWriter, name string) {
	text := "Hello {{with .}}{{Upper}}{{end}}!"
	tmpl, err := template.New("").Funcs(funcs).Parse(text)
	if err == nil {
		err = tmpl.Execute(w, name)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! greet
	}
}
`,
	})
	r := statusReport(`template: :1:14: executing "" at <Upper>: wrong number of args for Upper: want 1 got 0`, app.frame(t, "greet", "example.com/greeter/mail.Greet"))
	r.Error.Kind = report.KindStatus
	text := Analyze(r)
	mustHave(t, text, "Template execution error", "the template written at `Greet` (`mail.go:13`)", "Give `Upper` the 1 argument(s) it takes in the action `{{Upper}}` at `mail.go:13`")
	mustLack(t, text, "does not parse", "parse them in a test")
}
