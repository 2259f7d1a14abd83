package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestMissingTableOfAnAppThatMakesItsSchema: a missing table in an app
// that migrates its schema when it starts is no schema left unapplied; a
// table a later migration drops is named with that migration, and one a
// later migration makes again is not said dropped.
func TestMissingTableOfAnAppThatMakesItsSchema(t *testing.T) {
	for _, tc := range []struct {
		name       string
		migrations map[string]string
		want, lack []string
	}{
		{"dropped later", map[string]string{
			"migrations/1_init.sql":    "CREATE TABLE daily_visits (id INTEGER PRIMARY KEY, n INTEGER);\n",
			"migrations/10_merge.sql":  "CREATE TABLE visits (id INTEGER PRIMARY KEY, n INTEGER, day TEXT);\nDROP TABLE daily_visits;\n",
			"migrations/2_indexes.sql": "CREATE INDEX daily_visits_n ON daily_visits(n);\n",
		}, []string{"A migration drops it or renames it away: `10_merge.sql:2`", "Query the table that took its place"}, []string{"Make sure the schema is created at startup"}},
		{"made again later", map[string]string{
			"migrations/1_init.sql":  "CREATE TABLE daily_visits (id INTEGER PRIMARY KEY, n INTEGER);\n",
			"migrations/2_redo.sql":  "ALTER TABLE daily_visits RENAME TO daily_visits_old;\n",
			"migrations/10_redo.sql": "CREATE TABLE daily_visits (id INTEGER PRIMARY KEY, n INTEGER, day TEXT);\n",
		}, []string{"The app makes or migrates its schema itself, at"}, []string{"drops it", "Make sure the schema is created at startup"}},
	} {
		dir := t.TempDir()
		src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Daily() (*sql.Rows, error) {
	return s.db.Query("SELECT id, n FROM daily_visit")
}
`
		files := map[string]string{
			"go.mod":         "module example.com/visits\n\ngo 1.22\n",
			"store/store.go": src,
			"store/open.go":  "package store\n\nimport \"database/sql\"\n\ntype migrator struct{}\n\nfunc (migrator) Migrate(db *sql.DB) error { return nil }\n\nfunc Open(db *sql.DB) error { return migrator{}.Migrate(db) }\n",
		}
		for k, v := range tc.migrations {
			files[k] = v
		}
		testdir.Write(t, dir, files)
		lines := strings.Split(src, "\n")
		frame := report.Frame{Function: "example.com/visits/store.Store.Daily", File: filepath.Join(dir, "store", "store.go"), Line: 8, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 8, Lines: lines[7:8], Line: 8}}
		// The query names daily_visit; the table asked for is daily_visits.
		text := Analyze(panicReport("sqlite3.Error", "no such table: daily_visits", frame))
		mustHave(t, text, tc.want...)
		mustLack(t, text, tc.lack...)
	}
}
