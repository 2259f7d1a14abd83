package appsource

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQueryWithItsTableInAConstant: SQL text whose table a Sprintf verb
// takes from a name set once (tblBadges = "badges" in an init function),
// made by a function that only returns it, is the query of an error on
// that table: the function that runs it comes first, then the one that
// writes its text.
func TestQueryWithItsTableInAConstant(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/guild\n",
		"store/tables.go": `package store

var tblBadges, tblMembers string

func init() {
	tblBadges = "badges"
	tblMembers = "members"
}
`,
		"store/queries.go": `package store

import "fmt"

func insertBadgeQuery() string {
	return fmt.Sprintf("INSERT INTO %s (owner_id, label) VALUES ((SELECT id FROM %s WHERE name = ?), ?)", tblBadges, tblMembers)
}

func insertMemberQuery() string {
	return fmt.Sprintf("INSERT INTO %s (name, owner_id) VALUES (?, ?)", tblMembers)
}
`,
		"store/badges.go": `package store

import "database/sql"

func AddBadge(db *sql.DB, member, label string) error {
	_, err := db.Exec(insertBadgeQuery(), label, member)
	return err
}

func AddMember(db *sql.DB, name string, owner int) error {
	_, err := db.Exec(insertMemberQuery(), name, owner)
	return err
}
`,
		"web/web.go": `package web

import (
	"slices"
	"database/sql"
	"net/http"

	"example.com/guild/store"
)

func award(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	if err := store.AddBadge(db, r.FormValue("member"), r.FormValue("label")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "NOT NULL constraint failed: badges.owner_id", report.Frame{Function: "example.com/guild/web.award", File: "web/web.go", Line: 11})
	got := reasons(Static(r))
	if !contains(got[report.ReasonQuery], "store/badges.go:AddBadge") || !contains(got[report.ReasonQuery], "store/queries.go:insertBadgeQuery") || contains(got[report.ReasonQuery], "store/badges.go:AddMember") {
		t.Errorf("want AddBadge and insertBadgeQuery as the query, got %v", got)
	}
}

// TestSchemaWithTemplatedTableNames: a schema whose table names are a
// template's placeholders ("{{notes}}", given a prefix when it is made),
// the table rebuilt as "{{notes}}_new" by a later migration that left a
// column out, is the schema of the table the query names.
func TestSchemaWithTemplatedTableNames(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/jot\n",
		"store/schema.go": `package store

const v2SQL = ` + "`" + `CREATE TABLE "{{notes}}_new" ("id" integer NOT NULL PRIMARY KEY, "body" text NOT NULL);
INSERT INTO "{{notes}}_new" ("id", "body") SELECT "id", "body" FROM "{{notes}}";
DROP TABLE "{{notes}}";
ALTER TABLE "{{notes}}_new" RENAME TO "{{notes}}";` + "`" + `
`,
		"store/notes.go": `package store

import "database/sql"

func Titles(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT id, title FROM notes ORDER BY id")
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: title (1)", report.Frame{Function: "example.com/jot/store.Titles", File: "store/notes.go", Line: 6})
	got := reasonsInOrder(Static(r))
	if !slices.Contains(got, "schema:v2SQL") {
		t.Errorf("want the rebuild v2SQL as the schema, got %v", got)
	}
}

// TestAliasOfTheQueryThatRan: two queries give one alias to two tables;
// the schema shown for a column the alias qualifies is the table of the
// query the request ran, at its constant in a block of several.
func TestAliasOfTheQueryThatRan(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/lots\n",
		"store/schema.go": `package store

const (
	aSQL = ` + "`" + `CREATE TABLE "a_map" ("id" integer, "slot" text);` + "`" + `
	bSQL = ` + "`" + `CREATE TABLE "b_map" ("id" integer, "label" text);` + "`" + `
)
`,
		"store/queries.go": `package store

import "database/sql"

func ASlots(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT fm.slot FROM a_map fm")
}

func BSlots(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT fm.slot FROM b_map fm")
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: fm.slot (1)", report.Frame{Function: "example.com/lots/store.BSlots", File: "store/queries.go", Line: 10})
	got := reasonsInOrder(Static(r))
	if !slices.Contains(got, "schema:bSQL") || slices.Contains(got, "schema:aSQL") {
		t.Errorf("want b_map's statement, bSQL, alone as the schema, got %v", got)
	}
}
