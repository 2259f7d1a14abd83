package offline

import "testing"

// TestColumnDroppedByAMigration: a later migration that rebuilt the
// table without the column is what to fix, not the query that reads it.
func TestColumnDroppedByAMigration(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/stock\n\ngo 1.22\n",
		"store/migrations.go": `package store

const v1 = ` + "`" + `CREATE TABLE "{{items}}" ("id" integer NOT NULL PRIMARY KEY, "sku" text NOT NULL, "shelf" text NOT NULL);` + "`" + `

const v2 = ` + "`" + `CREATE TABLE "{{items}}_new" ("id" integer NOT NULL PRIMARY KEY, "sku" text NOT NULL);
INSERT INTO "{{items}}_new" ("id", "sku") SELECT "id", "sku" FROM "{{items}}";
DROP TABLE "{{items}}";
ALTER TABLE "{{items}}_new" RENAME TO "{{items}}";` + "`" + `
`,
		"store/items.go": `package store

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

// Shelves lists the items' shelves.
func Shelves(w http.ResponseWriter, r *http.Request) {
	rows, err := db.Query("SELECT i.sku, i.shelf FROM items i ORDER BY i.id")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	rows.Close()
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("SQL logic error: no such column: i.shelf (1)", app.frame(t, "status", "example.com/stock/store.Shelves"))
	text := Analyze(r)
	mustHave(t, text, "makes `items` again without `shelf`", "Keep `shelf` in the table the migration at `migrations.go:5` makes")
	assertGroundedIn(t, r, text, files)
}
