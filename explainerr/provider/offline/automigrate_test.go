package offline

import "testing"

// TestColumnOfAnAppThatMigratesFromItsORM: an app that makes its tables
// from its ORM's schema at start is not told to apply its migration
// files: the column the query names is named otherwise in that schema.
func TestColumnOfAnAppThatMigratesFromItsORM(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                  "module example.com/shed\n",
		"migrations/001_init.sql": "CREATE TABLE tools (\n\tid INTEGER PRIMARY KEY,\n\tname TEXT,\n\tlifetime_warranty BOOL\n);\n",
		"orm/schema/tool.go": `package schema

// Column is a column of a table.
type Column struct{ Name string }

// ToolsColumns are the tools table's columns, as the ORM makes them.
var ToolsColumns = []Column{{Name: "id"}, {Name: "name"}, {Name: "warranty_lifetime"}}
`,
		"main.go": `package main

import (
	"context"
	"database/sql"
)

type schemaMaker struct{}

func (schemaMaker) Create(ctx context.Context) error { return nil }

type client struct{ Schema schemaMaker }

func start(c client) error { return c.Schema.Create(context.Background()) }

// covered counts the tools under warranty.
func covered(db *sql.DB) error {
	_, err := db.Query("SELECT count(*) FROM tools WHERE tools.lifetime_warranty = true") //! count
	return err
}
`,
	})
	r := sqliteErrorReport("no such column: tools.lifetime_warranty", app.frame(t, "count", "covered"))
	text := Analyze(r)
	mustHave(t, text, "from its ORM's schema", "`warranty_lifetime`")
	mustLack(t, text, "was not migrated", "Apply the migrations")
}
