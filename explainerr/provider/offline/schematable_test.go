package offline

import (
	"strings"
	"testing"
)

// shelfStore is a store whose query names a table in a spelling other than
// the one the module's schema creates.
const shelfStore = `package store

import "database/sql"

// Shelves reads shelves.
type Shelves struct{ db *sql.DB }

// Count counts the shelves.
func (s *Shelves) Count() (n int, err error) {
	err = s.db.QueryRow("SELECT COUNT(*) FROM shelfs").Scan(&n) //!count
	return n, err
}
`

// TestMissingTableTheSchemaCreatesUnderAnotherName: when the module's own
// schema (DDL in a Go string, or a .sql file) creates a table whose name
// is close to the missing one, the advice names both places and does not
// advise running migrations or creating a table that exists.
func TestMissingTableTheSchemaCreatesUnderAnotherName(t *testing.T) {
	schemas := map[string]map[string]string{
		"Go string": {"db/schema.go": "package db\n\n// Schema creates the tables.\nconst Schema = `CREATE TABLE IF NOT EXISTS shelf (\n\tid INTEGER PRIMARY KEY\n);`\n"},
		".sql file": {"migrations/0001_init.up.sql": "-- the first migration\nCREATE TABLE \"shelf\" (\n  id SERIAL PRIMARY KEY\n);\n"},
	}
	messages := map[string]string{
		"PostgreSQL": `pq: relation "shelfs" does not exist`,
		"SQLite":     `no such table: shelfs`,
	}
	for schemaName, schema := range schemas {
		for engine, msg := range messages {
			t.Run(schemaName+" "+engine, func(t *testing.T) {
				files := map[string]string{"go.mod": "module example.com/shelves\n\ngo 1.22\n", "store/shelves.go": shelfStore}
				for k, v := range schema {
					files[k] = v
				}
				app := writeMarkedApp(t, files)
				r := statusReport("internal error", app.frame(t, "count", "example.com/shelves/store.(*Shelves).Count"))
				r.Logs = logs(`level=ERROR msg="count failed" err="` + strings.ReplaceAll(msg, `"`, `\"`) + `"`)
				if class, _ := Recognize(r); class != ClassNoSuchTable {
					t.Fatalf("class %s, want %s", class, ClassNoSuchTable)
				}
				text := Analyze(r)
				mustHave(t, text, "creates `shelf`, not `shelfs`", "CREATE TABLE", "`shelfs` to `shelf`", "shelves.go:10")
				mustLack(t, text, "migrations ran", "schema is created at startup")
			})
		}
	}
}

// TestMissingTableTheSchemaCreatesKeepsMigrationAdvice: when the schema
// creates the very table the database lacks, the schema was not applied,
// and that advice stays.
func TestMissingTableTheSchemaCreatesKeepsMigrationAdvice(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":           "module example.com/shelves\n\ngo 1.22\n",
		"store/shelves.go": shelfStore,
		"db/schema.sql":    "CREATE TABLE shelfs (id INTEGER PRIMARY KEY);\nCREATE TABLE shelf_items (id INTEGER PRIMARY KEY);\n",
	})
	r := statusReport("internal error", app.frame(t, "count", "example.com/shelves/store.(*Shelves).Count"))
	r.Logs = logs(`level=ERROR msg="count failed" err="pq: relation \"shelfs\" does not exist"`)
	text := Analyze(r)
	mustHave(t, text, "migrations ran")
	mustLack(t, text, "names the table differently")
}
