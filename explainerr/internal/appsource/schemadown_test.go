package appsource

import (
	"regexp"
	"strings"
	"testing"
)

// TestSchemaStatementsLeaveDownMigrationsOut: a golang-migrate down file
// and the Down part of a goose file (or a tern file's part below its
// "create above / drop below" line) undo the schema; their statements are
// not the schema's, and the up part keeps its line numbers.
func TestSchemaStatementsLeaveDownMigrationsOut(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                       "module example.com/notes\n",
		"main.go":                      "package main\n\nfunc main() {}\n",
		"db/0001_notes.up.sql":         "CREATE TABLE notes (id int, body text);\n",
		"db/0001_notes.down.sql":       "CREATE TABLE notes_backup (id int);\nDROP TABLE notes;\n",
		"db/0002_tags.sql":             "-- +goose Up\nCREATE TABLE tags (id int, notes_id int);\n-- +goose Down\nCREATE TABLE notes_old (id int);\n",
		"db/sub/0003_archive_down.sql": "CREATE TABLE notes_archive (id int);\n",
		"db/0004_labels.sql":           "create table labels (id int, notes_id int);\n\n---- create above / drop below ----\n\ncreate table notes_gone (id int);\n",
	})
	m := Load(root + "/main.go")
	var got []string
	for _, c := range m.SchemaHistory(regexp.MustCompile(`notes`), "") {
		got = append(got, c.File+":"+strings.Fields(c.Text)[2])
	}
	want := "db/0001_notes.up.sql:notes db/0002_tags.sql:tags db/0004_labels.sql:labels"
	if strings.Join(got, " ") != want {
		t.Errorf("schema statements %v, want %s", got, want)
	}
}
