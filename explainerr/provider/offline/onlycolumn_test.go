package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestOnlyColumnTheQueryLeavesOut: a missing column with no close name,
// in a query that names every other column of its one table, is likely
// the one it leaves out; that rename comes before adding a column. With
// two columns left out, neither is proposed.
func TestOnlyColumnTheQueryLeavesOut(t *testing.T) {
	for _, tc := range []struct {
		schema string
		want   bool
	}{
		{"CREATE TABLE visits (\n  id INTEGER PRIMARY KEY,\n  page TEXT,\n  seen_at INTEGER\n);\n", true},
		{"CREATE TABLE visits (\n  id INTEGER PRIMARY KEY,\n  page TEXT,\n  seen_at INTEGER,\n  agent TEXT\n);\n", false},
	} {
		dir := t.TempDir()
		src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Visits() (*sql.Rows, error) {
	return s.db.Query("SELECT id, page, visited FROM visits ORDER BY visited")
}
`
		testdir.Write(t, dir, map[string]string{
			"go.mod":         "module example.com/visits\n\ngo 1.22\n",
			"store/store.go": src,
			"schema.sql":     tc.schema,
		})
		lines := strings.Split(src, "\n")
		frame := report.Frame{Function: "example.com/visits/store.Store.Visits", File: filepath.Join(dir, "store", "store.go"), Line: 8, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 8, Lines: lines[7:8], Line: 8}}
		text := Analyze(panicReport("sqlite3.Error", "no such column: visited", frame))
		if got := strings.Contains(text, "Name `seen_at` instead of `visited` in the query"); got != tc.want {
			t.Errorf("proposed the column left out: %v, want %v\n%s", got, tc.want, text)
		}
		if tc.want && strings.Contains(text, "in a new migration") {
			t.Errorf("a new migration is advised before the rename:\n%s", text)
		}
	}
}
