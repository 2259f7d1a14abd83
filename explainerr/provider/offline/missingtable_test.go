package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestTableNoMigrationCreates: a table the query joins that no schema
// file creates is not fixed by running the migrations; the schema's table
// whose name is a part of it is offered, and a created table still gets
// the migrations advice.
func TestTableNoMigrationCreates(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Owner(hash []byte) (int, error) {
	var id int
	err := s.db.QueryRow("SELECT a.id FROM accounts a INNER JOIN account_keys k ON k.account_id = a.id WHERE k.hash = $1", hash).Scan(&id)
	return id, err
}
`
	testdir.Write(t, dir, map[string]string{
		"go.mod":                          "module example.com/keys\n\ngo 1.22\n",
		"store/store.go":                  src,
		"migrations/0001_accounts.up.sql": "CREATE TABLE IF NOT EXISTS accounts (\n  id bigserial PRIMARY KEY\n);\n",
		"migrations/0002_keys.up.sql":     "CREATE TABLE IF NOT EXISTS keys (\n  hash bytea PRIMARY KEY,\n  account_id bigint NOT NULL REFERENCES accounts\n);\n",
		"migrations/0002_keys.down.sql":   "DROP TABLE IF EXISTS keys;\n",
	})
	lines := strings.Split(src, "\n")
	frame := report.Frame{Function: "example.com/keys/store.Store.Owner", File: filepath.Join(dir, "store", "store.go"), Line: 9, Kind: report.FrameApp,
		Source: &report.Source{StartLine: 9, Lines: lines[8:9], Line: 9}}
	text := Analyze(panicReport("*pq.Error", `pq: relation "account_keys" does not exist`, frame))
	mustHave(t, text, "No schema statement of the module creates `account_keys`", "running the migrations cannot make it",
		"`account_keys` → `keys`", "add a migration that creates it")
	mustLack(t, text, "Make sure the migrations ran")

	text = Analyze(panicReport("*pq.Error", `pq: relation "accounts" does not exist`, frame))
	mustHave(t, text, "Make sure the migrations ran")
	mustLack(t, text, "No schema statement of the module creates")
}
