package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// billingFiles is an app whose schema, a list of statements in Go, adds a
// column by a misspelt name, while the store asks for it by the right one
// in its query and its model's tag.
func billingFiles(query string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/billing\n\ngo 1.22\n",
		"schema/schema.go": `package schema

// Steps are the schema's statements, in order.
var Steps = []string{
	"CREATE TABLE invoice (id INTEGER PRIMARY KEY, total_cents INTEGER NOT NULL)",
	"ALTER TABLE invoice ADD COLUMN dicount_cents INTEGER NOT NULL DEFAULT 0", //!added
}
`,
		"store/store.go": `package store

import "database/sql"

// Invoice is a row of invoice, as sqlx scans it.
type Invoice struct {
	ID            int64 ` + "`db:\"id\"`" + `
	TotalCents    int64 ` + "`db:\"total_cents\"`" + `
	DiscountCents int64 ` + "`db:\"discount_cents\"`" + `
}

// Discount sets an invoice's discount.
func Discount(db *sql.DB, id, cents int64) error {
	_, err := db.Exec("` + query + `", cents, id) //!exec
	return err
}
`,
	}
}

// TestColumnMisspeltWhereTheSchemaMakesIt: the column the query asks for
// is defined by no statement, but one adds a column one letter from it,
// which nothing else names: the schema's statement is in the context and
// is the fix, not the query.
func TestColumnMisspeltWhereTheSchemaMakesIt(t *testing.T) {
	app := writeMarkedApp(t, billingFiles("UPDATE invoice SET discount_cents = ? WHERE id = ?"))
	_, added := app.line("added")
	r := app.loggedFailure(t, "example.com/billing", "exec", report.KindError, "SQL logic error: no such column: discount_cents (1)", "POST", "/invoices/1/discount")
	if !schemaChunkAt(appsource.Static(r), "schema/schema.go", "", added) {
		t.Errorf("the static context lacks the statement that misspells the column: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "defines `dicount_cents`", "Correct the column's name to `discount_cents` at `schema.go:"+itoa(added)+"`", "`RENAME COLUMN dicount_cents TO discount_cents`")
	mustLack(t, text, "Correct the column name in the query")
}

// TestColumnMisspeltInTheQueryNotTheSchema: when the code names the
// schema's column elsewhere too, the misspelling is the query's, and the
// schema's statement is not blamed; nor is it when only the failing
// query asks for the name.
func TestColumnMisspeltInTheQueryNotTheSchema(t *testing.T) {
	files := billingFiles("UPDATE invoice SET discount_cent = ? WHERE id = ?")
	files["schema/schema.go"] = `package schema

// Steps are the schema's statements, in order.
var Steps = []string{
	"CREATE TABLE invoice (id INTEGER PRIMARY KEY, total_cents INTEGER NOT NULL)",
	"ALTER TABLE invoice ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0",
}
`
	files["store/read.go"] = `package store

import "database/sql"

// DiscountOf reads an invoice's discount.
func DiscountOf(db *sql.DB, id int64) (n int64, err error) {
	err = db.QueryRow("SELECT discount_cents FROM invoice WHERE id = ?", id).Scan(&n)
	return n, err
}
`
	app := writeMarkedApp(t, files)
	r := app.loggedFailure(t, "example.com/billing", "exec", report.KindError, "SQL logic error: no such column: discount_cent (1)", "POST", "/invoices/1/discount")
	mustLack(t, Analyze(r), "misspelt where the schema makes it", "RENAME COLUMN")

	files = billingFiles("UPDATE invoice SET discount_cent = ? WHERE id = ?")
	files["schema/schema.go"] = strings.ReplaceAll(files["schema/schema.go"], "dicount_cents", "discount_cents")
	files["store/store.go"] = strings.ReplaceAll(files["store/store.go"], `db:\"discount_cents\"`, `db:\"discount\"`)
	app = writeMarkedApp(t, files)
	r = app.loggedFailure(t, "example.com/billing", "exec", report.KindError, "SQL logic error: no such column: discount_cent (1)", "POST", "/invoices/1/discount")
	mustLack(t, Analyze(r), "misspelt where the schema makes it", "RENAME COLUMN")
}
