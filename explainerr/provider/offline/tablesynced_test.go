package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// auditFiles is an app whose audit package makes its table on the
// database its setup opens from a setting of its own, while the handler
// queries the app's main database.
var auditFiles = map[string]string{
	"go.mod": "module example.com/ledgerd\n\ngo 1.22\n",
	"audit/audit.go": `package audit

import "gorm.io/gorm"

// Entry is one audited action.
type Entry struct {
	ID     uint
	Action string
}

// Attach makes the audit table on db.
func Attach(db *gorm.DB) error {
	return db.AutoMigrate(&Entry{}) //!migrate
}
`,
	"setup.go": `package main

import (
	"os"

	"example.com/ledgerd/audit"
	"gorm.io/gorm"
)

func setupAudit(open func(string) *gorm.DB) error {
	return audit.Attach(open(os.Getenv("AUDIT_DB")))
}
`,
	"handlers.go": `package main

import "gorm.io/gorm"

func listAudit(db *gorm.DB) error {
	var n int64
	return db.Table("entries").Count(&n).Error //!query
}
`,
}

// TestTableMadeOnAnotherDatabase: a missing table that a function of the
// app makes from its model brings that function and its caller (where
// its database is chosen) into the context, and the analysis says the
// table is made there, not misspelt.
func TestTableMadeOnAnotherDatabase(t *testing.T) {
	app := writeMarkedApp(t, auditFiles)
	_, migrate := app.line("migrate")
	r := app.loggedFailure(t, "example.com/ledgerd", "query", report.KindError, "no such table: entries", "GET", "/audit")
	cs := appsource.Static(r)
	for _, want := range []string{"Attach", "setupAudit"} {
		if !hasChunk(cs, want) {
			t.Errorf("the static context lacks %s: %v", want, chunkSymbols(cs))
		}
	}
	text := Analyze(r)
	mustHave(t, text, "The app makes `entries` itself, in `Attach` at `audit.go:"+itoa(migrate)+"`", "by `setupAudit`",
		"Check which database `Attach` is given by `setupAudit`")
	mustLack(t, text, "is not one of them under this name")
}

// TestTableGormNamesOtherwise: gorm names the model's table in the
// plural, so a query of the singular table is not told that the app
// makes it; with plurals turned off (SingularTable) or a TableName
// method, the singular table is the one the app makes.
func TestTableGormNamesOtherwise(t *testing.T) {
	singular := func(extra map[string]string) *report.Report {
		files := map[string]string{}
		for k, v := range auditFiles {
			files[k] = v
		}
		files["handlers.go"] = strings.Replace(files["handlers.go"], `db.Table("entries")`, `db.Table("entry")`, 1)
		for k, v := range extra {
			files[k] = v
		}
		app := writeMarkedApp(t, files)
		return app.loggedFailure(t, "example.com/ledgerd", "query", report.KindError, "no such table: entry", "GET", "/audit")
	}
	mustLack(t, Analyze(singular(nil)), "The app makes `entry` itself")
	mustHave(t, Analyze(singular(map[string]string{"naming.go": `package main

import (
	"gorm.io/gorm"
	"gorm.io/gorm/schema"
)

var config = &gorm.Config{NamingStrategy: schema.NamingStrategy{SingularTable: true}}
`})), "The app makes `entry` itself, in `Attach`")
	mustHave(t, Analyze(singular(map[string]string{"audit/table.go": `package audit

// TableName names the table of audited actions.
func (Entry) TableName() string { return "entry" }
`})), "The app makes `entry` itself, in `Attach`")
}
