package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// clubFiles is an app whose handler returns its error to an adapter that
// writes a generic body; the service looks a member's handle up before
// the update, through a look-up that lowers the handle's case.
func clubFiles() map[string]string {
	return map[string]string{
		"go.mod": "module example.com/club\n\ngo 1.22\n",
		"members/members.go": `package members

import (
	"database/sql"
	"strings"
)

// Roster keeps members.
type Roster struct{ db *sql.DB }

// HandleTaken reports whether a member has the handle.
func (r *Roster) HandleTaken(handle string) (bool, error) {
	var n int
	err := r.db.QueryRow("SELECT count(*) FROM members WHERE handle = ?", strings.ToLower(handle)).Scan(&n)
	return n > 0, err
}

// Rename gives member id a new handle.
func (r *Roster) Rename(id int64, handle string) error {
	taken, err := r.HandleTaken(handle)
	if err != nil {
		return err
	}
	if taken {
		return sql.ErrNoRows
	}
	_, err = r.db.Exec("UPDATE members SET handle = ? WHERE id = ?", handle, id)
	return err
}
`,
		"web/web.go": `package web

import (
	"log"
	"net/http"

	"example.com/club/members"
)

var roster *members.Roster

// RenameHandler renames the member.
func RenameHandler(r *http.Request) error {
	if err := roster.Rename(1, r.FormValue("handle")); err != nil {
		log.Printf("[web.RenameHandler] failed to rename member, because %s", err)
		return err
	}
	return nil
}

// Adapt turns a handler into an http.HandlerFunc.
func Adapt(h func(*http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(r); err != nil {
			http.Error(w, "operation failed", http.StatusInternalServerError) //!status
		}
	}
}
`,
	}
}

// TestUniqueLookupPastTheStack: the write and its look-up ran in code no
// frame shows; the handler the log names leads to them. The look-up is
// there, so checking first is not advised: the look-up is, with what it
// changes in the value.
func TestUniqueLookupPastTheStack(t *testing.T) {
	files := clubFiles()
	app := writeMarkedApp(t, files)
	r := statusReport("operation failed", app.frame(t, "status", "example.com/club/web.Adapt.func1"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 17:38:56 [web.RenameHandler] failed to rename member, because UNIQUE constraint failed: members.handle"}}
	text := Analyze(r)
	mustHave(t, text, "The request already looks for an existing row before it writes: `(*Roster).Rename` at `members.go:20`: `taken, err := r.HandleTaken(handle)`",
		"`(*Roster).HandleTaken` changes the value before it searches: `strings.ToLower(handle)`",
		"Make `(*Roster).HandleTaken` (`members.go:12`) search the value exactly as the write stores it")
	mustLack(t, text, "check for the value first")
	assertGroundedIn(t, r, text, files)

	// Without the look-up, checking first is still the advice.
	files["members/members.go"] = `package members

import "database/sql"

// Roster keeps members.
type Roster struct{ db *sql.DB }

// Rename gives member id a new handle.
func (r *Roster) Rename(id int64, handle string) error {
	_, err := r.db.Exec("UPDATE members SET handle = ? WHERE id = ?", handle, id)
	return err
}
`
	app = writeMarkedApp(t, files)
	r = statusReport("operation failed", app.frame(t, "status", "example.com/club/web.Adapt.func1"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"handle": {"ann"}}
	r.Logs = []report.LogLine{{Text: "2026/12/03 17:38:56 [web.RenameHandler] failed to rename member, because UNIQUE constraint failed: members.handle"}}
	text = Analyze(r)
	mustHave(t, text, "check for the value first", "The request sends it (its field `handle`)")
	mustLack(t, text, "already looks for an existing row")
}
