package offline

import "testing"

// TestNotNullColumnOfItsOwnTable: the schema line cited for a NOT NULL
// column is in the statement that creates the error's table, not the
// first table that has a column of that name (a schema file, and a Go
// string, that create several tables).
func TestNotNullColumnOfItsOwnTable(t *testing.T) {
	for _, schemaIn := range []string{"file", "string"} {
		files := map[string]string{
			"go.mod": "module example.com/depot\n",
			"store/crates.go": `package store

import "database/sql"

// Crates is the crate store.
type Crates struct{ db *sql.DB }

// Add writes a crate.
func (c *Crates) Add(name string) error {
	_, err := c.db.Exec("INSERT INTO crates (name) VALUES (?)", name) //! add
	return err
}
`,
		}
		schema := "CREATE TABLE shelves (\n\tid INTEGER PRIMARY KEY,\n\tcreated_at TEXT NOT NULL\n);\n\nCREATE TABLE crates (\n\tid INTEGER PRIMARY KEY,\n\tname TEXT,\n\tcreated_at TEXT NOT NULL\n);\n"
		if schemaIn == "file" {
			files["schema.sql"] = schema
		} else {
			files["store/schema.go"] = "package store\n\n// Schema creates the tables.\nconst Schema = `" + schema + "`\n"
		}
		app := writeMarkedApp(t, files)
		r := sqliteErrorReport("NOT NULL constraint failed: crates.created_at", app.frame(t, "add", "(*Crates).Add"))
		text := Analyze(r)
		want := "schema.sql:9"
		if schemaIn == "string" {
			want = "schema.go:12"
		}
		mustHave(t, text, "The schema declares it at `"+want)
	}
}

// TestNotNullColumnTheInsertLists: an INSERT kept in a constant that
// lists the column is not told to list it; the value it passes is what is
// NULL.
func TestNotNullColumnTheInsertLists(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/depot\n",
		"store/crates.go": `package store

import "database/sql"

const insertCrate = ` + "`INSERT INTO crates (name, label) VALUES (?, ?)`" + `

// Crates is the crate store.
type Crates struct{ db *sql.DB }

// Add writes a crate.
func (c *Crates) Add(name string, label sql.NullString) error {
	_, err := c.db.Exec(insertCrate, name, label) //! add
	return err
}
`,
		"schema.sql": "CREATE TABLE crates (\n\tname TEXT,\n\tlabel TEXT NOT NULL\n);\n",
	})
	r := sqliteErrorReport("NOT NULL constraint failed: crates.label", app.frame(t, "add", "(*Crates).Add"))
	mustLack(t, Analyze(r), "Make sure the statement lists")
}
