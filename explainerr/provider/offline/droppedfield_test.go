package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNilFieldSetFromADroppedError: a field set at start from a call whose
// error is dropped is nil when the call failed; the fix is that error,
// not a nil check where the field is used.
func TestNilFieldSetFromADroppedError(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"web/pages.go": `package web

import (
	"embed"
	"html/template"
	"net/http"
)

//go:embed tmpl
var files embed.FS

// Pages holds the parsed pages.
type Pages struct {
	home *template.Template
}

// Load parses the pages.
func Load() *Pages {
	p := &Pages{}
	p.home, _ = template.ParseFS(files, "tmpl/base.html", "tmpl/home.html")
	return p
}

func (p *Pages) serveHome(w http.ResponseWriter, r *http.Request) {
	p.home.Execute(w, nil) //!exec
}
`,
	})
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "exec", "example.com/notes/web.(*Pages).serveHome"))
	r.Frames = append([]report.Frame{{Function: "html/template.(*Template).Execute", File: "/usr/local/go/src/html/template/template.go", Line: 121}}, r.Frames...)
	text := Analyze(r)
	mustHave(t, text, "which drops the call's error", "Check the error at `pages.go:20`")
	mustLack(t, text, "if p.home == nil")
}

// TestNilFieldSetFromALocalWhoseErrorWasDropped: a constructor's literal
// sets the field from a local variable made a few lines above by a call
// whose error is dropped ("stmt, _ := db.Prepare(…)"): the literal does
// set the field, so "set it where the value is built" is no advice; the
// dropped error is.
func TestNilFieldSetFromALocalWhoseErrorWasDropped(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/jars\n\ngo 1.22\n",
		"store/jars.go": `package store

import "database/sql"

// Jars reads jars with a statement prepared once.
type Jars struct {
	db     *sql.DB
	byName *sql.Stmt
}

// NewJars prepares the lookup.
func NewJars(db *sql.DB) *Jars {
	byName, _ := db.Prepare("SELECT label FROM jars WHERE name = ?") //!prepare
	return &Jars{
		db:     db,
		byName: byName, //!set
	}
}

// Label returns a jar's label.
func (j *Jars) Label(name string) (string, error) {
	var label string
	err := j.byName.QueryRow(name).Scan(&label) //!use
	return label, err
}
`,
	})
	_, prepare := app.line("prepare")
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "use", "example.com/jars/store.(*Jars).Label"))
	r.Frames = append([]report.Frame{{Function: "database/sql.(*Stmt).QueryRow", File: "/usr/local/go/src/database/sql/sql.go", Line: 2800}}, r.Frames...)
	text := Analyze(r)
	mustHave(t, text, "from a value made at", "which drops the call's error", "Check the error at `jars.go:"+itoa(prepare)+"`")
	mustLack(t, text, "is always set where", "if j.byName == nil")
}
