package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// cookieFiles log a failed session lookup in words that a case-blind
// match takes for SQL ("from session"); the query qualifies a column
// with the table's singular.
var cookieFiles = map[string]string{
	"go.mod": "module example.com/cookie\n",
	"main.go": `package main

import (
	"database/sql"
	"log"
	"net/http"
)

type app struct{ db *sql.DB }

func (a app) user(token string) (string, error) {
	var id string
	err := a.db.QueryRow("SELECT sessions.user_id FROM sessions WHERE session.token = $1", token).Scan(&id)
	return id, err
}

func (a app) profile(w http.ResponseWriter, r *http.Request) error {
	if _, err := a.user(r.Header.Get("Cookie")); err != nil {
		log.Printf("failed to get user from session cookie: %v", err)
		return err //! profile
	}
	return nil
}
`,
}

// TestLogMessageIsNoQuery: the query an SQL error is about is the
// statement, not a log line whose words read as SQL.
func TestLogMessageIsNoQuery(t *testing.T) {
	app := writeMarkedApp(t, cookieFiles)
	r := panicReport("*pq.Error", `pq: missing FROM-clause entry for table "session"`, app.frame(t, "profile", "app.profile"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "WHERE session.token = $1", "`session` → `sessions`")
	mustLack(t, text, "The query is at `app.profile`")
}
