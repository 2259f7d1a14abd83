package appsource

import (
	"path/filepath"
	"testing"
)

// rosterModule scans a view's rows into a struct that lacks one of its
// columns; another store's queries name a column of the same name.
var rosterModule = map[string]string{
	"go.mod": "module example.com/roster\n",
	"web/handlers.go": `package web

import (
	"net/http"

	"example.com/roster/stats"
)

var store *stats.Store

func summary(w http.ResponseWriter, r *http.Request) {
	if _, err := store.Totals(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	"teams/store.go": `package teams

import "database/sql"

// Store keeps teams.
type Store struct{ db *sql.DB }

// Rename renames a team.
func (s *Store) Rename(id int, name string) error {
	_, err := s.db.Exec("UPDATE teams SET name = $1 WHERE id = $2", name, id)
	return err
}
`,
	"stats/store.go": `package stats

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type dbTotal struct {
	Team  int ` + "`db:\"team_id\"`" + `
	Games int ` + "`db:\"games\"`" + `
}

// Store reads totals.
type Store struct{ db *sqlx.DB }

// Totals returns each team's totals.
func (s *Store) Totals(ctx context.Context) ([]int, error) {
	var rows []dbTotal
	if err := s.db.SelectContext(ctx, &rows, "SELECT * FROM team_totals"); err != nil {
		return nil, err
	}
	return nil, nil
}
`,
	"migrations/001.sql": `CREATE TABLE teams (
	id SERIAL PRIMARY KEY,
	name TEXT NOT NULL
);

CREATE VIEW team_totals AS
	SELECT t.id AS team_id, t.name AS name, count(*) AS games
	FROM teams t GROUP BY t.id;
`,
}

// TestScanDestinationQuery: sqlx's missing destination is traced to the
// query scanned into the named type, though it does not name the column,
// and to the view it reads; not to another store's query that names a
// column of that name.
func TestScanDestinationQuery(t *testing.T) {
	root := writeModule(t, rosterModule)
	r := ledgerReport(t, root, "web/handlers.go", 12, "example.com/roster/web.summary", "missing destination name name in *[]stats.dbTotal")
	got := reasons(Static(r))
	if !contains(got["query"], "stats/store.go:(*Store).Totals") {
		t.Errorf("the query scanned into dbTotal is missing: %v", got)
	}
	if contains(got["query"], "teams/store.go:(*Store).Rename") {
		t.Errorf("another store's query that names the column is given as the query: %v", got)
	}
	cs := Static(r)
	for _, c := range cs {
		if c.Reason == "schema" {
			if c.StartLine != 6 || filepath.Base(c.File) != "001.sql" {
				t.Errorf("the first schema chunk is %s:%d, want the view at 001.sql:6", c.File, c.StartLine)
			}
			break
		}
	}
}
