package offline

import "testing"

// teamFiles drop a team through a store whose DELETE a foreign key of
// the members' table blocks, in SQLite; with insert, the store adds a
// member instead.
func teamFiles(stmt string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/teams\n\ngo 1.22\n\nrequire github.com/mattn/go-sqlite3 v1.14.22\n",
		"store/teams.go": `package store

import "database/sql"

// Teams is the teams' store.
type Teams struct{ db *sql.DB }

// Drop removes a team.
func (t *Teams) Drop(id int) error {
	_, err := t.db.Exec("` + stmt + `", id)
	return err
}
`,
		"web/teams.go": `package web

import (
	"net/http"

	"example.com/teams/store"
)

// Drop answers DELETE /teams/{id}.
func Drop(teams *store.Teams) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := teams.Drop(7)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError) //! drop
		}
	}
}
`,
	}
}

// TestSQLiteForeignKeyOnADelete: SQLite's foreign key failure names no
// table; when the call that failed deletes (and writes nothing else), a
// row it deletes is still referred to, and the fix is in that function,
// not a check that a parent row exists.
func TestSQLiteForeignKeyOnADelete(t *testing.T) {
	app := writeMarkedApp(t, teamFiles("DELETE FROM teams WHERE id = ?"))
	text := Analyze(statusReport("FOREIGN KEY constraint failed\n", app.frame(t, "drop", "example.com/teams/web.Drop.func1")))
	mustHave(t, text, "still refer to the row `(*Teams).Drop` deletes", "In `(*Teams).Drop`, delete (or move) the rows that refer to it first")
	mustLack(t, text, "does not exist in the parent table", "Check that the referenced row exists")

	app = writeMarkedApp(t, teamFiles("INSERT INTO members (team_id) VALUES (?)"))
	text = Analyze(statusReport("FOREIGN KEY constraint failed\n", app.frame(t, "drop", "example.com/teams/web.Drop.func1")))
	mustLack(t, text, "still refer to the row")
}
