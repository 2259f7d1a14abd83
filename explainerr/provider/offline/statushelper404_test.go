package offline

import "testing"

// TestStatusHelperAlreadyAnswers404: a not-found error a store made into
// text with "%v", handed to a status helper that already answers 404
// for it: the fix is the wrap alone, and no 404 branch is advised.
func TestStatusHelperAlreadyAnswers404(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/atlas\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
)

var db *sql.DB

func place(name string) (string, error) {
	var id string
	if err := db.QueryRow("SELECT id FROM places WHERE name = ?", name).Scan(&id); err != nil {
		return "", fmt.Errorf("place %q: %v", name, err)
	}
	return id, nil
}

func statusOf(err error) int {
	if errors.Is(err, sql.ErrNoRows) {
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

// Show shows a place.
func Show(w http.ResponseWriter, r *http.Request) {
	id, err := place(r.PathValue("name"))
	if err != nil {
		http.Error(w, err.Error(), statusOf(err)) //!status
		return
	}
	fmt.Fprint(w, id)
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport(`place "oslo": sql: no rows in result set`, app.frame(t, "status", "example.com/atlas/web.Show"))
	text := Analyze(r)
	mustHave(t, text, "instead of `\"%v\"` at `web.go:15`", "`statusOf`, called on the failing line, already answers 404 Not Found")
	mustLack(t, text, "Answer a missing row with 404 Not Found")
	assertGroundedIn(t, r, text, files)
}
