package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNotFoundOfTheAppsOwnData: a "not found" error the app makes about a
// value the request does not name (its own setting's row) is not the
// client's: the analysis names where it is made and does not advise a
// 404. When the request does name the value, the usual advice stays.
func TestNotFoundOfTheAppsOwnData(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/site\n\ngo 1.22\n",
		"service/settings.go": `package service

import (
	"database/sql"
	"fmt"
)

// Setting reads one of the site's settings by kind.
func Setting(db *sql.DB, kind string) (string, error) {
	var v string
	err := db.QueryRow("SELECT content FROM setting WHERE kind = ?", kind).Scan(&v)
	if err == sql.ErrNoRows {
		return "", fmt.Errorf("setting %q not found", kind) //!made
	}
	return v, err
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/site/service"
)

// DB is the site's database.
var DB *sql.DB

// legal answers the site's terms.
func legal(w http.ResponseWriter, r *http.Request) {
	terms, err := service.Setting(DB, "terms")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!fail
		return
	}
	w.Write([]byte(terms))
}
`,
	})
	_, made := app.line("made")
	r := panicReport("http.Status", `setting "terms" not found`, app.frame(t, "fail", "example.com/site/web.legal"))
	r.Error.Kind = report.KindStatus
	r.Status = 500
	r.Request = report.Request{Method: "GET", URL: "/legal"}
	text := Analyze(r)
	mustHave(t, text, "It is made at", "`settings.go:"+itoa(made)+"`", "The request names no `terms`", "Decide at `settings.go:"+itoa(made)+"`")
	mustLack(t, text, "404 Not Found")

	r.Request = report.Request{Method: "GET", URL: "/settings/terms"}
	text = Analyze(r)
	mustLack(t, text, "The request names no")
}
