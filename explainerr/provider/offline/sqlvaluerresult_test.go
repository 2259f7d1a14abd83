package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// valuerFiles is an app whose Label type stores an empty label as NULL;
// its Value method's last return is ret, and the type embeds embed.
func valuerFiles(embed, ret string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/tags\n\ngo 1.22\n",
		"model/label.go": `package model

import (
	"database/sql"
	"database/sql/driver"
)

// Label is a tag's label.
type Label struct {
	` + embed + `
}

// Value stores an empty label as NULL.
func (l Label) Value() (driver.Value, error) {
	if l.String == "" {
		return nil, nil
	}
	return ` + ret + `, nil
}

var _ sql.NullString
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/tags/model"
)

var db *sql.DB

// Tag saves a tag.
func Tag(w http.ResponseWriter, r *http.Request) {
	l := model.Label{}
	if _, err := db.Exec("INSERT INTO tags (label) VALUES ($1)", l); err != nil {
		http.Error(w, "could not save the tag", http.StatusInternalServerError) //!status
	}
}
`,
	}
}

// TestValueMethodReturningItself: database/sql refuses what a Value
// method returned. The method is in the context (an implementation of
// driver.Valuer), its return of the receiver is named, and the embedded
// sql.NullString's Value is advised; a type that embeds nothing is told
// to return a basic value.
func TestValueMethodReturningItself(t *testing.T) {
	const logged = "2026/12/05 10:00:00 saving: sql: converting argument $1 type: non-Value type model.Label returned from Value"
	files := valuerFiles("sql.NullString", "l")
	app := writeMarkedApp(t, files)
	r := statusReport("could not save the tag", app.frame(t, "status", "example.com/tags/web.Tag"))
	r.Logs = []report.LogLine{{Text: logged}}
	found := false
	for _, c := range appsource.Static(r) {
		found = found || c.Symbol == "Label.Value" && c.Reason == report.ReasonImplementation
	}
	if !found {
		t.Errorf("the Value method is not in the context as an implementation: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "A Value method returned what no driver takes: `model.Label`",
		"`Label.Value` returns its receiver itself at `label.go:18`",
		"`return l.NullString.Value()`, at `label.go:18`")
	assertGroundedIn(t, r, text, files)

	files = valuerFiles("String string", "l")
	app = writeMarkedApp(t, files)
	r = statusReport("could not save the tag", app.frame(t, "status", "example.com/tags/web.Tag"))
	r.Logs = []report.LogLine{{Text: logged}}
	text = Analyze(r)
	mustHave(t, text, "Return the basic value the `Label` holds (one of its fields) at `label.go:18`")
	mustLack(t, text, "NullString.Value()")
}
