package appsource

import (
	"go/ast"
	"strings"
	"testing"
)

// TestSchemaOfTheFailingQuerysTable: a column the failing query's table
// lacks brings that table's CREATE first, not another table's that has a
// column of that name.
func TestSchemaOfTheFailingQuerysTable(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":           "module example.com/notes\n",
		"store/schema.sql": "CREATE TABLE user_setting (\n  user_id INTEGER NOT NULL,\n  key TEXT NOT NULL\n);\n\nCREATE TABLE tag (\n  name TEXT NOT NULL,\n  creator_id INTEGER NOT NULL\n);\n",
		"store/tag.go": `package store

import "database/sql"

type DB struct{ db *sql.DB }

func (d *DB) ListTags() error {
	_, err := d.db.Query("SELECT name, user_id FROM tag ORDER BY name")
	return err
}

func (d *DB) Settings(id int) error {
	_, err := d.db.Query("SELECT key FROM user_setting WHERE user_id = ?", id)
	return err
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: user_id (1)")
	r.Frames = nil
	m := Load(root + "/store/tag.go")
	s := staticSet{m: m, seen: map[*ast.FuncDecl]bool{}}
	var schema []string
	for _, c := range m.sqlChunks(r, &s) {
		if c.Reason == "schema" {
			schema = append(schema, c.Text)
		}
	}
	if len(schema) == 0 || !strings.Contains(schema[0], "CREATE TABLE tag") {
		t.Errorf("the failing query's table is not the first schema: %q", schema)
	}
}
