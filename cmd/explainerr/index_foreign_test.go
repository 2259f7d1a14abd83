//go:build cgo

package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSQLite makes an SQLite database at path with the statements.
func writeSQLite(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A database with no schema object is written to disk only once a
	// statement changes it: VACUUM makes the file exist either way.
	for _, q := range append(stmts, "VACUUM") {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestIndexRefusesDatabasesThatAreNotOurs: an SQLite database that is not
// an explainerr index is never written to, whatever it holds: views,
// triggers, only a user_version or an application_id, or tables named like
// the index's. Each build, rebuild and search is refused with an error
// that says what the file holds, and the file is left byte for byte as it
// was, with nothing beside it.
func TestIndexRefusesDatabasesThatAreNotOurs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stmts []string
		what  string
	}{
		{"views only", []string{
			`CREATE VIEW answers AS SELECT 42 AS answer`,
			`CREATE VIEW greetings AS SELECT 'hello' AS word UNION ALL SELECT 'hi'`,
		}, "views: answers, greetings"},
		{"views with INSTEAD OF triggers", []string{
			`CREATE VIEW inbox AS SELECT 1 AS id, 'welcome' AS subject`,
			`CREATE TRIGGER inbox_insert INSTEAD OF INSERT ON inbox BEGIN SELECT RAISE(IGNORE); END`,
			`CREATE TRIGGER inbox_delete INSTEAD OF DELETE ON inbox BEGIN SELECT RAISE(ABORT, 'read only'); END`,
		}, "views: inbox; triggers: inbox_delete, inbox_insert"},
		{"no schema objects but a user_version", []string{`PRAGMA user_version = 7`}, "user_version 7"},
		{"no schema objects but an application_id", []string{`PRAGMA application_id = 1234567`}, "application id 0x0012d687"},
		{"a table named like the index's chunks", []string{
			`CREATE TABLE chunks(id INTEGER PRIMARY KEY, note TEXT)`,
			`INSERT INTO chunks(note) VALUES('a customer''s order')`,
		}, "tables: chunks"},
		{"a meta table of another application", []string{
			`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
			`INSERT INTO meta VALUES('app', 'ledger'), ('schema_version', '3')`,
			`CREATE TABLE files(path TEXT PRIMARY KEY)`,
		}, "tables: files, meta"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeCLIModule(t)
			path := filepath.Join(dir, "app.db")
			writeSQLite(t, path, tc.stmts...)
			before := mustRead(t, path)
			for _, args := range [][]string{
				{"index", "-db", path},
				{"index", "-db", path, "-rebuild"},
				{"index", "-rebuild", "-db", path, "./cart/..."},
				{"search", "-db", path, "cart"},
			} {
				code, out, errs := runSubcommand(t, args...)
				if code != 1 || out != "" {
					t.Errorf("%v: exit %d, stdout %q; want exit 1 and no output", args, code, out)
				}
				for _, want := range []string{"app.db is an SQLite database of another application", tc.what} {
					if !strings.Contains(errs, want) {
						t.Errorf("%v: the error lacks %q:\n%s", args, want, errs)
					}
				}
				if args[0] == "index" && !strings.Contains(errs, "never overwrites or deletes") {
					t.Errorf("%v: the error does not say the file is left alone:\n%s", args, errs)
				}
			}
			if mustRead(t, path) != before {
				t.Error("the database was changed")
			}
			if beside, _ := filepath.Glob(path + "?*"); len(beside) != 0 {
				t.Errorf("files were left beside the database: %v", beside)
			}
			if _, err := os.Stat(filepath.Join(dir, ".explainerr")); !os.IsNotExist(err) {
				t.Errorf("an index was built elsewhere: %v", err)
			}
		})
	}
}

// TestIndexIntoAnEmptyDatabase: an SQLite database with no schema object
// and no user_version or application_id holds nothing, and becomes the
// index.
func TestIndexIntoAnEmptyDatabase(t *testing.T) {
	dir := writeCLIModule(t)
	path := filepath.Join(dir, "blank.db")
	writeSQLite(t, path)
	if info, err := os.Stat(path); err != nil || info.Size() == 0 {
		t.Fatalf("the blank database is not on disk: %v", err)
	}
	if code, out, errs := runSubcommand(t, "index", "-db", path); code != 0 || !strings.Contains(out, "4 embedded") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	if applicationID(t, path) != 0x45585052 {
		t.Error("the index carries no application_id")
	}
}
