package offline

import (
	"strings"
	"testing"
)

// dialectFiles keep one store and one set of migrations per database;
// PostgreSQL's table lacks the column its query reads, the others' have
// it.
var dialectFiles = map[string]string{
	"go.mod": "module example.com/marks\n",
	"store/sqlite.go": `package store

import "database/sql"

type SQLite struct{ db *sql.DB }

func (s *SQLite) Marks() (*sql.Rows, error) {
	return s.db.Query("SELECT id, created_at FROM marks")
}
`,
	"store/pg.go": `package store

import "database/sql"

type PG struct{ db *sql.DB }

func (s *PG) Marks() (*sql.Rows, error) {
	return s.db.Query("SELECT id, created_at FROM marks") //! query
}
`,
	"migrations/mysql/0001.up.sql":    "CREATE TABLE marks (id INT PRIMARY KEY, created_at DATETIME);\n",
	"migrations/postgres/0001.up.sql": "CREATE TABLE marks (id SERIAL PRIMARY KEY, created TIMESTAMP);\n",
	"migrations/sqlite/0001.up.sql":   "CREATE TABLE marks (id INTEGER PRIMARY KEY, created_at TEXT);\n",
}

// TestSchemaOfTheDriversDatabase: a PostgreSQL error about a column is
// read against PostgreSQL's migration, not the MySQL or SQLite ones that
// have the column.
func TestSchemaOfTheDriversDatabase(t *testing.T) {
	app := writeMarkedApp(t, dialectFiles)
	r := statusReport(`pq: column "created_at" does not exist`, app.frame(t, "query", "(*PG).Marks"))
	text := Analyze(r)
	if strings.Contains(text, "mysql/0001") || strings.Contains(text, "sqlite/0001") {
		t.Errorf("another database's migration is cited:\n%s", text)
	}
	mustHave(t, text, "`CREATE TABLE marks (id SERIAL PRIMARY KEY, created TIMESTAMP);`")
}
