package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTableAMigrationMakesButNewDatabasesLack: a new database's tables
// are synced from a list of models (xorm's Sync(tables...)); a migration
// for older databases syncs a model the list leaves out. The static
// context brings the list as schema, and the analysis advises adding the
// model to the list, not renaming the table or writing a migration.
func TestTableAMigrationMakesButNewDatabasesLack(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/pantry\n\ngo 1.22\n",
		"entity/entity.go": `package entity

// Jar is a jar on a shelf.
type Jar struct {
	ID    int64  ` + "`xorm:\"pk autoincr\"`" + `
	Label string ` + "`xorm:\"varchar(64)\"`" + `
}

// TableName is the jar's table.
func (Jar) TableName() string { return "jar" }

// JarVisit records a look at a jar.
type JarVisit struct {
	ID    int64 ` + "`xorm:\"pk autoincr\"`" + `
	JarID int64 ` + "`xorm:\"index\"`" + `
}

// TableName is the visit's table.
func (JarVisit) TableName() string { return "jar_visit" }

// Shelf holds jars.
type Shelf struct {
	ID int64 ` + "`xorm:\"pk autoincr\"`" + `
}
`,
		"migrations/init.go": `package migrations

import (
	"example.com/pantry/entity"
	"xorm.io/xorm"
)

var tables = []any{ //!list
	&entity.Jar{},
	&entity.Shelf{},
}

// Install makes a new database's tables.
func Install(engine *xorm.Engine) error {
	return engine.Sync(tables...) //!install
}

// addJarVisit is the migration that adds the visits to older databases.
func addJarVisit(engine *xorm.Engine) error {
	return engine.Sync(new(entity.JarVisit))
}
`,
		"store/store.go": `package store

import (
	"example.com/pantry/entity"
	"xorm.io/xorm"
)

// Visit records a look at jar id.
func Visit(engine *xorm.Engine, id int64) error {
	_, err := engine.Insert(&entity.JarVisit{JarID: id}) //!insert
	return err
}
`,
	})
	_, list := app.line("list")
	r := app.loggedFailure(t, "example.com/pantry", "insert", report.KindError, "SQL logic error: no such table: jar_visit (1)", "GET", "/jars/1")
	found := false
	for _, c := range appsource.Static(r) {
		if c.File == "migrations/init.go" && c.Symbol == "tables" && c.Reason == report.ReasonSchema && c.StartLine <= list && list <= c.EndLine {
			found = true
		}
	}
	if !found {
		t.Errorf("the static context lacks the list of models a new database is made from: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "leaves out `JarVisit`", "Add `&entity.JarVisit{}` to `tables` at `init.go:"+itoa(list)+"`", "a migration run for a database made before")
	mustLack(t, text, "correct the table name", "add a migration that creates it")
}
