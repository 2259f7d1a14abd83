package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// vaultModule decrypts a column with pgcrypto in a query sqlc generated
// from a hand-written .sql file; its migration makes the column text.
var vaultModule = map[string]string{
	"go.mod":                     "module example.com/vault\n",
	"migrations/001_secrets.sql": "CREATE TABLE secrets (\n  id serial PRIMARY KEY,\n  sealed TEXT NOT NULL\n);\n",
	"migrations/002_owners.sql":  "CREATE TABLE owners (\n  id serial PRIMARY KEY,\n  name TEXT NOT NULL\n);\n",
	"service/secrets/open.sql":   "-- name: SecretsOpen :one\nSELECT pgp_sym_decrypt(sealed, @key)::TEXT FROM secrets WHERE id = @id;\n",
	"dbgen/queries.sql.go": sqlcGenerated("secretsOpen", `-- name: SecretsOpen :one
SELECT
  pgp_sym_decrypt(sealed, $1)::TEXT
FROM secrets WHERE id = $2
`, `func (q *Queries) SecretsOpen(ctx context.Context, key string, id int32) (string, error) {
	var s string
	err := q.db.QueryRowContext(ctx, secretsOpen, key, id).Scan(&s)
	return s, err
}
`),
	"web/web.go": `package web

import (
	"context"
	"net/http"

	"example.com/vault/dbgen"
)

type Handlers struct{ q *dbgen.Queries }

func (h Handlers) Open(w http.ResponseWriter, r *http.Request) error {
	_, err := h.q.SecretsOpen(context.Background(), "k", 1)
	return err
}
`,
}

// TestFunctionOfOtherArgumentTypes: a function PostgreSQL has no version
// of for the argument types it lists brings the query that calls it, the
// hand-written query it was generated from, and the migration that
// defines the column passed to it, not another table's.
func TestFunctionOfOtherArgumentTypes(t *testing.T) {
	root := writeModule(t, vaultModule)
	frame := report.Frame{Function: "example.com/vault/web.Handlers.Open", File: "web/web.go", Line: 13}
	got := reasons(Static(shelfReport(root, `pq: function pgp_sym_decrypt(text, unknown) does not exist`, frame)))
	if !contains(got["query"], "service/secrets/open.sql:open.sql") {
		t.Errorf("the hand-written query is missing: %v", got)
	}
	if !contains(got["schema"], "migrations/001_secrets.sql:001_secrets.sql") || contains(got["schema"], "migrations/002_owners.sql:002_owners.sql") {
		t.Errorf("want the migration of the column passed, alone: %v", got)
	}
}
