package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQueryTheMessageQuotes: of two queries that name a missing column
// the same way, the one the error's message quotes whole is the query
// shown, and the statement that creates the table (a full-text virtual
// table, which does not name the column) is the schema shown.
func TestQueryTheMessageQuotes(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/notes\n",
		"store.go": `package notes

import (
	"database/sql"
	"fmt"
)

type store struct{ db *sql.DB }

func (s *store) init() error {
	_, err := s.db.Exec("CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts4(id, words)")
	return err
}

func (s *store) run(query string, args ...any) error {
	if _, err := s.db.Query(query, args...); err != nil {
		return fmt.Errorf("preparing query: %s: %w", query, err)
	}
	return nil
}

func (s *store) dump() error { return s.run("SELECT search.id, search.text FROM search") }

func (s *store) find(q string) error {
	return s.run("SELECT search.id FROM search WHERE search.text MATCH ? ORDER BY search.id", q)
}

func (s *store) handle(q string) error { return fmt.Errorf("route %s", q) }
`,
	})
	fr := report.Frame{Function: "example.com/notes.(*store).handle", File: "store.go", Line: 28}
	r := shelfReport(root, "preparing query: SELECT search.id FROM search WHERE search.text MATCH ? ORDER BY search.id: no such column: search.text", fr)
	got := reasons(Static(r))
	if !contains(got["query"], "store.go:(*store).find") || contains(got["query"], "store.go:(*store).dump") {
		t.Errorf("the query the message quotes is not (only) the query: %v", got)
	}
	if !contains(got["schema"], "store.go:(*store).init") {
		t.Errorf("the statement that creates the table is not the schema: %v", got)
	}
}
