package appsource

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// jarsModule gives the length 25 to a column of two tables and, by a
// later migration, takes it from a third; its store writes jars.
var jarsModule = map[string]string{
	"go.mod":                        "module example.com/pantry\n",
	"migrations/001_jars.up.sql":    "CREATE TABLE jars (\n  id serial PRIMARY KEY,\n  label VARCHAR (25) NOT NULL\n);\n",
	"migrations/002_shelves.up.sql": "CREATE TABLE shelves (\n  id serial PRIMARY KEY,\n  name character varying(25) NOT NULL,\n  note varchar(25)\n);\n",
	"migrations/003_widen.up.sql":   "ALTER TABLE shelves ALTER COLUMN note TYPE varchar(200);\n",
	"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) AddJar(label string) error {
	_, err := s.db.Exec("INSERT INTO jars (label) VALUES ($1)", label)
	return err
}
`,
}

// TestSizedColumns: each table's column once, with the length its last
// migration gives it.
func TestSizedColumns(t *testing.T) {
	m := Load(filepath.Join(writeModule(t, jarsModule), "store", "store.go"))
	if m == nil {
		t.Fatal("no module")
	}
	got := map[string]string{}
	for _, c := range m.SizedColumns("") {
		got[c.Table+"."+c.Column] = c.Length + "@" + c.File
	}
	want := map[string]string{
		"jars.label":   "25@migrations/001_jars.up.sql",
		"shelves.name": "25@migrations/002_shelves.up.sql",
		"shelves.note": "200@migrations/003_widen.up.sql",
	}
	if len(got) != len(want) {
		t.Errorf("sized columns %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}

// TestSchemaOfAValueTooLong: PostgreSQL names only the length; of the
// columns of that length, the one of the table the failing function
// writes brings its migration.
func TestSchemaOfAValueTooLong(t *testing.T) {
	root := writeModule(t, jarsModule)
	frame := report.Frame{Function: "example.com/pantry/store.Store.AddJar", File: "store/store.go", Line: 8}
	got := schemaFiles(root, `ERROR: value too long for type character varying(25) (SQLSTATE 22001)`, frame)
	if len(got) == 0 || got[0] != "migrations/001_jars.up.sql" || contains(got, "migrations/002_shelves.up.sql") {
		t.Errorf("schema of a value too long: %q, want the jars migration alone", got)
	}
	// MySQL names the column.
	got = schemaFiles(root, `Error 1406 (22001): Data too long for column 'label' at row 1`, frame)
	if len(got) == 0 || got[0] != "migrations/001_jars.up.sql" {
		t.Errorf("schema of a value too long for a named column: %q, want the jars migration", got)
	}
}

// TestSchemaOfAValueTooLongInAModelTag: with no DDL, a gorm model whose
// tag sizes a field is the schema of a value too long for that length
// (the struct the table is named for, Crate: crates), and SizedColumns
// lists its column.
func TestSchemaOfAValueTooLongInAModelTag(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/depot\n",
		"models/crate.go": `package models

// Crate is a crate of the depot.
type Crate struct {
	ID       string
	Label    string ` + "`" + `gorm:"type:varchar(40);not null"` + "`" + `
	Contents string ` + "`" + `gorm:"column:inside;size:300"` + "`" + `
}
`,
		"web/crates.go": `package web

import (
	"net/http"

	"example.com/depot/models"
	"gorm.io/gorm"
)

func add(db *gorm.DB, w http.ResponseWriter, r *http.Request) {
	c := models.Crate{Label: r.FormValue("label")}
	if err := db.Create(&c).Error; err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
`,
	})
	m := Load(filepath.Join(root, "web/crates.go"))
	var cols []string
	for _, c := range m.SizedColumns("") {
		cols = append(cols, fmt.Sprintf("%s.%s(%s) %s:%d %v", c.Table, c.Column, c.Length, c.File, c.Line, c.Model))
	}
	want := []string{"crates.label(40) models/crate.go:6 true", "crates.inside(300) models/crate.go:7 true"}
	if !slices.Equal(cols, want) {
		t.Errorf("sized columns %q, want %q", cols, want)
	}
	frame := report.Frame{Function: "example.com/depot/web.add", File: "web/crates.go", Line: 13}
	if got := schemaFiles(root, `ERROR: value too long for type character varying(40) (SQLSTATE 22001)`, frame); len(got) == 0 || got[0] != "models/crate.go" {
		t.Errorf("schema of a value too long for a model's tag: %q, want the model", got)
	}
}
