package appsource

import (
	"path/filepath"
	"testing"
)

// archiveModule compacts its database after pruning, and builds an index
// concurrently in a maintenance task: both inside a transaction, which
// the databases refuse.
var archiveModule = map[string]string{
	"go.mod": "module example.com/archive\n",
	"web/handlers.go": `package web

import (
	"net/http"

	"example.com/archive/db"
)

var store *db.Store

func prune(w http.ResponseWriter, r *http.Request) {
	if err := store.Prune(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	"db/store.go": `package db

import (
	"context"
	"database/sql"
)

// Store keeps archived pages.
type Store struct{ conn *sql.DB }

// Prune drops old pages and compacts the file.
func (s *Store) Prune(ctx context.Context) error {
	tx, err := s.conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM pages WHERE age > 30"); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "VACUUM"); err != nil {
		return err
	}
	return tx.Commit()
}

// reindex builds the title index in a maintenance transaction.
func reindex(ctx context.Context, work *sql.Tx) error {
	_, err := work.ExecContext(ctx, "CREATE INDEX CONCURRENTLY pages_title ON pages (title)")
	return err
}

// Compact compacts the file outside any transaction.
func (s *Store) Compact(ctx context.Context) error {
	_, err := s.conn.ExecContext(ctx, "VACUUM")
	return err
}
`,
}

// TestTxRefusedStatement: the statement an error says no transaction may
// hold is read from SQLite's and PostgreSQL's words, and the module's
// calls that run it say whether they run it on a transaction.
func TestTxRefusedStatement(t *testing.T) {
	for msg, want := range map[string]string{
		"cannot VACUUM from within a transaction":                                "VACUUM",
		"pq: VACUUM cannot run inside a transaction block":                       "VACUUM",
		"ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block": "CREATE INDEX CONCURRENTLY",
		"sqlite3: cannot vacuum from within a transaction (SQLITE_ERROR)":        "VACUUM",
		"cannot start a transaction within a transaction":                        "",
		"VACUUM failed: database or disk is full":                                "",
	} {
		got, ok := TxRefusedStatement(msg)
		if got != want || ok != (want != "") {
			t.Errorf("TxRefusedStatement(%q) = %q, %v; want %q", msg, got, ok, want)
		}
	}

	root := writeModule(t, archiveModule)
	m := Load(filepath.Join(root, "db", "store.go"))
	runs := m.StatementRuns("VACUUM")
	if len(runs) != 2 {
		t.Fatalf("VACUUM runs: %d, want 2", len(runs))
	}
	if r := runs[0]; FuncName(r.Func.Decl) != "(*Store).Prune" || r.Runner != "tx" || !r.OnTx || r.Handle != "s.conn" {
		t.Errorf("the run in Prune: %s on %q, tx %v, begun on %q", FuncName(r.Func.Decl), r.Runner, r.OnTx, r.Handle)
	}
	if r := runs[1]; FuncName(r.Func.Decl) != "(*Store).Compact" || r.Runner != "s.conn" || r.OnTx {
		t.Errorf("the run in Compact is on the handle: %s on %q, tx %v", FuncName(r.Func.Decl), r.Runner, r.OnTx)
	}
	idx := m.StatementRuns("CREATE INDEX CONCURRENTLY")
	if len(idx) != 1 || idx[0].Runner != "work" || !idx[0].OnTx || idx[0].Handle != "" {
		t.Errorf("the index run, on a *sql.Tx parameter: %+v", idx)
	}

	// The static context holds the function that runs it as the query.
	r := ledgerReport(t, root, "web/handlers.go", 12, "example.com/archive/web.prune", "cannot VACUUM from within a transaction")
	got := reasons(Static(r))
	if !contains(got["query"], "db/store.go:(*Store).Prune") {
		t.Errorf("the function that runs VACUUM is missing: %v", got)
	}
}
