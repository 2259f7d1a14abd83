package offline

import "testing"

// TestRenameBeforeAnUnmigratedDatabase: a column an old migration adds
// and a later one renames, while the new database's schema has the new
// name, is explained by the rename, not by a database left unmigrated.
func TestRenameBeforeAnUnmigratedDatabase(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                       "module example.com/feed\n",
		"schema.sql":                   "CREATE TABLE notes (\n\tid INTEGER PRIMARY KEY,\n\tclick_url TEXT\n);\n",
		"migrations/005_click.sql":     "ALTER TABLE notes ADD COLUMN click TEXT;\n",
		"migrations/014_click_url.sql": "ALTER TABLE notes RENAME COLUMN click TO click_url;\n",
		"store.go": `package feed

import "database/sql"

// Latest reads the newest note's link.
func Latest(db *sql.DB) error {
	_, err := db.Query("SELECT id, click FROM notes ORDER BY id DESC LIMIT 1") //! latest
	return err
}
`,
	})
	r := sqliteErrorReport("no such column: click", app.frame(t, "latest", "Latest"))
	text := Analyze(r)
	mustHave(t, text, "A migration renames it", "Name `click_url` in the query")
	mustLack(t, text, "was not migrated", "Apply the migrations")
}
