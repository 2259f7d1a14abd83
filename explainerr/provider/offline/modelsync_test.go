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
	if !schemaChunkAt(appsource.Static(r), "migrations/init.go", "tables", list) {
		t.Errorf("the static context lacks the list of models a new database is made from: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "leaves out `JarVisit`", "Add `&entity.JarVisit{}` to `tables` at `init.go:"+itoa(list)+"`", "a migration run for a database made before")
	mustLack(t, text, "correct the table name", "add a migration that creates it")
}

// TestModelsAWrapperIsGivenLeaveOneOut: a setup function names the models
// itself and hands them to the app's own wrapper of gorm's AutoMigrate,
// and the tables' names carry a prefix the naming strategy sets. The
// setup function is the schema of the missing table's model, and the
// analysis advises adding the model to the models it passes, written as
// they are.
func TestModelsAWrapperIsGivenLeaveOneOut(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/ledger\n\ngo 1.22\n",
		"models/models.go": `package models

// Invoice is a bill sent.
type Invoice struct {
	ID    uint ` + "`gorm:\"primaryKey\"`" + `
	Total int64
}

// Customer is who is billed.
type Customer struct {
	ID   uint ` + "`gorm:\"primaryKey\"`" + `
	Name string
}

// Payment is money received.
type Payment struct {
	ID     uint ` + "`gorm:\"primaryKey\"`" + `
	Amount int64
}

// Refund is money given back.
type Refund struct {
	ID        uint ` + "`gorm:\"primaryKey\"`" + `
	PaymentID uint
}
`,
		"storage/open.go": `package storage

import (
	"example.com/ledger/models"
	"gorm.io/gorm"
	"gorm.io/gorm/schema"
)

var conn *gorm.DB

// Config is the naming of the tables.
var Config = gorm.Config{NamingStrategy: schema.NamingStrategy{TablePrefix: "lg_"}}

// Prepare makes the tables.
func Prepare(d *gorm.DB) error {
	conn = d
	return migrate(new(models.Invoice), new(models.Customer), new(models.Payment)) //!prepare
}

func migrate(all ...interface{}) error {
	return conn.AutoMigrate(all...)
}

// AddRefund records a refund.
func AddRefund(paymentID uint) error {
	return conn.Create(&models.Refund{PaymentID: paymentID}).Error //!create
}
`,
	})
	_, prepare := app.line("prepare")
	r := app.loggedFailure(t, "example.com/ledger", "create", report.KindError, "no such table: lg_refunds", "POST", "/refunds")
	if !schemaChunkAt(appsource.Static(r), "storage/open.go", "Prepare", prepare) {
		t.Errorf("the static context lacks the function that names the models: %v", appsource.Static(r))
	}
	text := Analyze(r)
	mustHave(t, text, "the models that `Prepare` names in `open.go:"+itoa(prepare)+"`", "leaves out `Refund`",
		"Add `new(models.Refund)` to the models `Prepare` passes at `open.go:"+itoa(prepare)+"`")
	mustLack(t, text, "correct the table name", "a migration run for a database made before")
}

// schemaChunkAt reports whether cs holds a schema chunk of file that
// covers line, with symbol as its symbol unless symbol is "".
func schemaChunkAt(cs []report.Chunk, file, symbol string, line int) bool {
	for _, c := range cs {
		if c.File == file && (symbol == "" || c.Symbol == symbol) && c.Reason == report.ReasonSchema && c.StartLine <= line && line <= c.EndLine {
			return true
		}
	}
	return false
}
