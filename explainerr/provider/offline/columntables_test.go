package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// columnCase writes a module whose store.go holds src and whose other
// files are files, and returns the offline explanation of the PostgreSQL
// error msg raised at the line of src holding at.
func columnCase(t *testing.T, src string, files map[string]string, at, msg string) string {
	t.Helper()
	dir := t.TempDir()
	all := map[string]string{"go.mod": "module example.com/shop\n\ngo 1.22\n", "store/store.go": src}
	for k, v := range files {
		all[k] = v
	}
	testdir.Write(t, dir, all)
	lines := strings.Split(src, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, at) {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("no line holds %q", at)
	}
	frame := report.Frame{Function: "example.com/shop/store.Store.List", File: filepath.Join(dir, "store", "store.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line, Lines: lines[line-1 : line], Line: line}}
	return Analyze(panicReport("*pq.Error", msg, frame))
}

const ordersStore = `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) List() error {
	rows, err := s.db.Query(` + "`" + `
		SELECT o.id, o.total, o.remark, c.name
		FROM orders o
		JOIN customers c ON c.id = o.customer_id` + "`" + `)
	if err != nil {
		return err
	}
	return rows.Close()
}
`

// TestMissingColumnIsNotGuessedFromAnotherTable: the query's o.remark is
// a column orders never had; customers has remarks, one edit away, but
// it is not the table the alias stands for, so no name is proposed: the
// explanation says orders lacks the column and names the statement that
// creates it, where a migration would add it.
func TestMissingColumnIsNotGuessedFromAnotherTable(t *testing.T) {
	schema := "CREATE TABLE orders (\n    id serial PRIMARY KEY,\n    customer_id integer NOT NULL,\n    total numeric(10, 2) NOT NULL,\n    created_at timestamp NOT NULL\n);\n\nCREATE TABLE customers (\n    id serial PRIMARY KEY,\n    name text NOT NULL,\n    remarks text\n);\n"
	text := columnCase(t, ordersStore, map[string]string{"db/schema.sql": schema}, "o.remark", `pq: column o.remark does not exist`)
	if strings.Contains(text, "`remarks`") || strings.Contains(text, "→") {
		t.Errorf("a column of another table is proposed:\n%s", text)
	}
	for _, want := range []string{"no statement of it gives the table a column `remark`", "`schema.sql:1`", "new migration", "Its columns are `created_at`, `customer_id`, `id`, `total`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}

// TestMissingColumnProposesTheAliasTablesColumn: of two close names in
// the schema, the one proposed belongs to the table the query's alias
// stands for, and a column an ALTER TABLE adds counts as the table's.
func TestMissingColumnProposesTheAliasTablesColumn(t *testing.T) {
	migrations := `package store

var migrations = []string{
	` + "`CREATE TABLE orders (id serial PRIMARY KEY, customer_id integer, total numeric)`" + `,
	` + "`CREATE TABLE customers (id serial PRIMARY KEY, name text, remark text)`" + `,
	` + "`ALTER TABLE orders ADD COLUMN remarks text`" + `,
}
`
	text := columnCase(t, ordersStore, map[string]string{"store/migrations.go": migrations}, "o.remark", `pq: column o.remark does not exist`)
	if !strings.Contains(text, "`remark` → `remarks`") {
		t.Errorf("the alias table's column is not proposed:\n%s", text)
	}
}

// TestMissingColumnWithoutSchemaUsesTheQuerysOwnColumn: with no schema in
// sight, the name proposed is one the same statement reads from the
// table, never a word of other SQL text of the module; the query cited is
// the one naming the column as written (e.stats), not another table's
// statement nor an error message that says "update".
func TestMissingColumnWithoutSchemaUsesTheQuerysOwnColumn(t *testing.T) {
	src := `package store

import (
	"database/sql"
	"fmt"
)

type Store struct{ db *sql.DB }

func (s Store) Touch() error {
	if _, err := s.db.Exec("UPDATE settings SET stats = 1"); err != nil {
		return fmt.Errorf("store: unable to update the stats: %v", err)
	}
	return nil
}

func (s Store) List() error {
	rows, err := s.db.Query(` + "`" + `SELECT e.feed_id, e.status, count(*)
		FROM entries e
		GROUP BY
			e.feed_id, e.stats` + "`" + `)
	if err != nil {
		return err
	}
	return rows.Close()
}
`
	text := columnCase(t, src, nil, "rows, err := s.db.Query(", `pq: column e.stats does not exist`)
	if !strings.Contains(text, "`stats` → `status`") {
		t.Errorf("the query's own column is not proposed:\n%s", text)
	}
	if strings.Contains(text, "SET stats") || strings.Contains(text, "unable to update") {
		t.Errorf("other text naming stats is cited as the query:\n%s", text)
	}
}

// TestMissingColumnOfTheNamedRelation: PostgreSQL names the relation;
// its schema file creates it without the column (the opening parenthesis
// on the next line), so the explanation says so and points at that
// statement for a migration.
func TestMissingColumnOfTheNamedRelation(t *testing.T) {
	schema := "CREATE TABLE orders\n(\n    id         VARCHAR PRIMARY KEY,\n    total      NUMERIC NOT NULL,\n    created_at TIMESTAMP NOT NULL\n);\n"
	text := columnCase(t, ordersStore, map[string]string{"migrations/001_init.up.sql": schema}, "o.remark", `pq: column "vendor" of relation "orders" does not exist`)
	for _, want := range []string{"no statement of it gives the table a column `vendor`", "`001_init.up.sql:1`", "new migration"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
}

// TestMissingBareColumnReadsTheFailingQuerysTable: a bare column that
// another table has (order_items.order_id) is looked for in the table of
// the query the failing function runs, not said to be in the schema.
func TestMissingBareColumnReadsTheFailingQuerysTable(t *testing.T) {
	src := `package store

import "database/sql"

var schema = []string{
	` + "`CREATE TABLE orders (id serial PRIMARY KEY, total numeric NOT NULL)`" + `,
	` + "`CREATE TABLE order_items (id serial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders)`" + `,
}

type Store struct{ db *sql.DB }

func (s Store) Items(order int) (*sql.Rows, error) {
	return s.db.Query("SELECT id FROM order_items WHERE order_id = $1", order)
}

func (s Store) List() error {
	rows, err := s.db.Query("SELECT id, total FROM orders ORDER BY order_id")
	if err != nil {
		return err
	}
	return rows.Close()
}
`
	text := columnCase(t, src, nil, "ORDER BY order_id", `pq: column "order_id" does not exist`)
	mustLack(t, text, "Apply the migrations", "does give")
	mustHave(t, text, "no statement of it gives the table a column `order_id`")
}
