package offline

import "testing"

// TestGeneratorElsewhereIsNotTheValue: when the request sets the unique
// field itself, from what it was given, a function elsewhere in the
// module that sets the field from a generator is not said to have made
// the value.
func TestGeneratorElsewhereIsNotTheValue(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/guild\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
	"strings"
)

// Member is a guild member.
type Member struct{ Handle, Email string }

var db *sql.DB

func invite(w http.ResponseWriter, r *http.Request) {
	email := r.FormValue("email")
	m := Member{Handle: strings.SplitN(email, "@", 2)[0], Email: email}
	if _, err := db.Exec("INSERT INTO members (handle, email) VALUES (?, ?)", m.Handle, m.Email); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}

func guest() Member {
	return Member{Handle: randomHandle()}
}

func randomHandle() string { return "guest" }
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("UNIQUE constraint failed: members.handle", app.frame(t, "status", "invite"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"email": {"ann@example.com"}}
	text := Analyze(r)
	mustLack(t, text, "randomHandle", "made by the app")
	assertGroundedIn(t, r, text, files)
}
