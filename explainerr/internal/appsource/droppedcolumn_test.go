package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestMigrationThatDroppedAColumn: a later migration that rebuilds the
// table without a column an earlier statement gave it is the schema of
// "no such column", ranked after the frame, the query's alias resolved
// to its table.
func TestMigrationThatDroppedAColumn(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/stock\n",
		"store/migrations.go": `package store

const v1 = ` + "`" + `CREATE TABLE "{{items}}" ("id" integer NOT NULL PRIMARY KEY, "sku" text NOT NULL, "shelf" text NOT NULL);` + "`" + `

const v2 = ` + "`" + `CREATE TABLE "{{items}}_new" ("id" integer NOT NULL PRIMARY KEY, "sku" text NOT NULL);
INSERT INTO "{{items}}_new" ("id", "sku") SELECT "id", "sku" FROM "{{items}}";
DROP TABLE "{{items}}";
ALTER TABLE "{{items}}_new" RENAME TO "{{items}}";` + "`" + `
`,
		"store/items.go": `package store

import "database/sql"

func Shelves(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT i.sku, i.shelf FROM items i ORDER BY i.id")
}
`,
	})
	m := Load(root + "/store/items.go")
	if tbl, ok := m.QualifiedTable("i", "shelf"); !ok || tbl != "items" {
		t.Fatalf("QualifiedTable(i, shelf) = %q, %v", tbl, ok)
	}
	dc, ok := m.DroppedBy("items", "shelf")
	if !ok || dc.Kept.StartLine != 3 || dc.Dropped.StartLine != 5 {
		t.Fatalf("DroppedBy = %+v, %v; want v1 kept, v2 dropped", dc, ok)
	}
	r := shelfReport(root, "SQL logic error: no such column: i.shelf (1)", report.Frame{Function: "example.com/stock/store.Shelves", File: "store/items.go", Line: 6})
	got := reasonsInOrder(Static(r))
	if len(got) < 2 || got[1] != "schema:v2" {
		t.Errorf("want v2 right after the frame, got %v", got)
	}
}

// TestRollbackIsNoLaterSchema: the rollback of the migration that added
// a column makes the table without it again: that is no migration that
// dropped it.
func TestRollbackIsNoLaterSchema(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/bins\n",
		"store/migrations.go": `package store

const (
	v2UpSQL   = ` + "`" + `CREATE TABLE "bins_new" ("id" integer, "slot" text);` + "`" + `
	v2DownSQL = ` + "`" + `CREATE TABLE "bins_new" ("id" integer);` + "`" + `
)
`,
	})
	m := Load(root + "/store/migrations.go")
	if dc, ok := m.DroppedBy("bins", "slot"); ok {
		t.Errorf("the rollback %d is read as the migration that dropped slot", dc.Dropped.StartLine)
	}
}
