package offline

import "testing"

// TestColumnOnlyInCreateTableIfNotExists: the app makes its table at start
// with CREATE TABLE IF NOT EXISTS, which declares the column a query
// misses; nothing adds it to an existing table. "Apply the migrations" is
// no fix (there is none that adds it): an ALTER TABLE where the schema is
// made, with the column's definition, is. Where a migration does add the
// column, applying it stays the advice.
func TestColumnOnlyInCreateTableIfNotExists(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alter string
		want  []string
		lack  []string
	}{
		{"no statement adds it", "", []string{"leaves a table that already exists as it is", "`ALTER TABLE shelves ADD COLUMN dusted_at DATETIME NULL`", "`Setup`"}, []string{"Apply the migrations that add"}},
		{"a statement adds it", "\n\tdb.Exec(`ALTER TABLE shelves ADD COLUMN dusted_at DATETIME NULL`)", []string{"Apply the migrations that add `dusted_at`"}, []string{"leaves a table that already exists as it is"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := writeMarkedApp(t, map[string]string{
				"go.mod": "module example.com/shelves\n\ngo 1.22\n",
				"store/schema.go": `package store

import "database/sql"

// Setup makes the tables.
func Setup(db *sql.DB) {
	db.Exec(` + "`" + `CREATE TABLE IF NOT EXISTS shelves (
		id INTEGER PRIMARY KEY,
		label TEXT NOT NULL,
		dusted_at DATETIME NULL
	)` + "`" + `)` + tc.alter + `
}
`,
				"store/store.go": `package store

import "database/sql"

// Dust marks a shelf dusted.
func Dust(db *sql.DB, id int) error {
	_, err := db.Exec("UPDATE shelves SET dusted_at = CURRENT_TIMESTAMP WHERE id = ?", id) //!exec
	return err
}
`,
			})
			text := Analyze(panicReport("sqlite3.Error", `no such column: dusted_at`, app.frame(t, "exec", "example.com/shelves/store.Dust")))
			mustHave(t, text, tc.want...)
			mustLack(t, text, tc.lack...)
		})
	}
}
