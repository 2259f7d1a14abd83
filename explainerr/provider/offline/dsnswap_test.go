package offline

import "testing"

// TestConnectionURLWithUserAndPasswordSwapped: a connection refused for
// a role named like the password is traced to the URL the module builds
// with the user and the password in each other's places.
func TestConnectionURLWithUserAndPasswordSwapped(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"db/db.go": `package db

import (
	"database/sql"
	"fmt"
)

// Config is the database's settings.
type Config struct{ User, Password, Host, Port, Name string }

// Open opens the database.
func Open(c Config) (*sql.DB, error) {
	url := fmt.Sprintf("postgres://%s:%s@%s:%s/%s", c.Password, c.User, c.Host, c.Port, c.Name)
	return sql.Open("postgres", url)
}

// Count counts the notes.
func Count(db *sql.DB) (int, error) {
	var n int
	err := db.QueryRow("SELECT count(*) FROM notes").Scan(&n)
	return n, err //!ret
}
`,
	})
	r := statusReport(`failed to connect to `+"`user=s3cret database=notes`"+`: server error: FATAL: role "s3cret" does not exist (SQLSTATE 28000)`, app.frame(t, "ret", "example.com/notes/db.Count"))
	text := Analyze(r)
	mustHave(t, text, "two settings in each other's places", "gives the `user` of it `c.Password`, while `c.User`", "so that `c.User` goes where the `user` does")
}
