package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// conflictFiles skip duplicates in one insert of their store and not in
// another; the handler logs the error and writes 500.
var conflictFiles = map[string]string{
	"go.mod": "module example.com/pulses\n",
	"store/base.go": `package store

type DB interface {
	Clauses(c any) DB
	Create(v any) error
}

type OnConflict struct{ DoNothing bool }

func insertKeyValue(db DB, v any) error {
	return db.Clauses(OnConflict{DoNothing: true}).Create(v)
}

func insertBatch(db DB, rows any) error {
	return db.Create(rows)
}
`,
	"web/handler.go": `package web

import "net/http"

func post(w http.ResponseWriter, save func() error) {
	if err := save(); err != nil {
		w.WriteHeader(http.StatusInternalServerError) //! status
	}
}
`,
}

// TestDuplicateWhereTheAppSkipsThem: a unique violation in an app that
// lets duplicates pass elsewhere cites that clause and makes the 409
// advice conditional.
func TestDuplicateWhereTheAppSkipsThem(t *testing.T) {
	app := writeMarkedApp(t, conflictFiles)
	r := statusReport("", app.frame(t, "status", "post"))
	r.Logs = []report.LogLine{{Text: `{"level":"ERROR","msg":"failed to batch-insert heartbeats","error":"duplicated key not allowed"}`}}
	text := Analyze(r)
	mustHave(t, text,
		"The app lets duplicates pass elsewhere: `insertKeyValue` (`base.go:11`)",
		"If a duplicate is expected here too, let it pass the same way")
	mustLack(t, text, "Treat the duplicate as the client's error")
}

// TestDuplicateSkippedOnlyInAnotherDatabase: a clause that lets
// duplicates pass in another database's store (MySQL's INSERT IGNORE) is
// not cited for a PostgreSQL error of a module with a PostgreSQL store.
func TestDuplicateSkippedOnlyInAnotherDatabase(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/accts\n",
		"store/mysql.go": `package store

const insertAccountMySQL = "INSERT IGNORE INTO account (username) VALUES (?)"
`,
		"store/pg.go": `package store

const insertAccountPG = "INSERT INTO account (username) VALUES ($1)"
`,
		"web/handler.go": `package web

import "net/http"

func create(w http.ResponseWriter, save func() error) {
	if err := save(); err != nil {
		w.WriteHeader(http.StatusInternalServerError) //! status
	}
}
`,
	})
	r := statusReport("", app.frame(t, "status", "create"))
	r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"error creating account","error":"pq: duplicate key value violates unique constraint \"account_username_unique\""}`}}
	text := Analyze(r)
	mustLack(t, text, "INSERT IGNORE", "mysql.go")
}
