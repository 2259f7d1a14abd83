package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// storageDriverFiles keep a store per database behind one interface; two tables
// have a column config, and only the storage query runs for the request.
var storageDriverFiles = map[string]string{
	"go.mod": "module example.com/vault\n",
	"store/driver.go": `package store

// Driver is a database's store.
type Driver interface{ ListStorages() ([]string, error) }
`,
	"store/db/mysql/storage.go": `package mysql

import "database/sql"

// DB is the MySQL store.
type DB struct{ db *sql.DB }

// ListStorages lists the storages.
func (d *DB) ListStorages() ([]string, error) {
	_, err := d.db.Query("SELECT id, config FROM storage")
	return nil, err
}
`,
	"store/db/sqlite/idp.go": `package sqlite

// ListProviders lists the identity providers.
func (d *DB) ListProviders() ([]string, error) {
	_, err := d.db.Query("SELECT id, config FROM idp")
	return nil, err
}
`,
	"store/db/sqlite/storage.go": `package sqlite

import "database/sql"

// DB is the SQLite store.
type DB struct{ db *sql.DB }

// ListStorages lists the storages.
func (d *DB) ListStorages() ([]string, error) {
	_, err := d.db.Query("SELECT id, config FROM storage")
	return nil, err
}
`,
	"api/storage.go": `package api

import (
	"net/http"

	"example.com/vault/store"
)

// Service answers the API.
type Service struct{ Store store.Driver }

// List answers the storages.
func (s *Service) List(w http.ResponseWriter, r *http.Request) {
	if _, err := s.Store.ListStorages(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
}

// TestQueryNamingTheColumnThatRan: of the SQL texts that name a missing
// column, the one the request reached and the failing database's come
// first, another database's not at all.
func TestQueryNamingTheColumnThatRan(t *testing.T) {
	app := writeMarkedApp(t, storageDriverFiles)
	f := app.frame(t, "fail", "x")
	f.Function = "example.com/vault/api.(*Service).List"
	text := Analyze(statusReport("SQL logic error: no such column: config (1)\n", f))
	mustHave(t, text, "names `config` at `(*DB).ListStorages` (`store/db/sqlite/storage.go:10`)")
	mustLack(t, text, "mysql")
}

// TestQueryInContextOfTheFailingDatabase: of the context's queries that
// name the missing column, one per database, the failing database's is
// the one quoted.
func TestQueryInContextOfTheFailingDatabase(t *testing.T) {
	app := writeMarkedApp(t, storageDriverFiles)
	f := app.frame(t, "fail", "x")
	f.Function = "example.com/vault/api.(*Service).List"
	r := statusReport("SQL logic error: no such column: config (1)\n", f)
	query := "func (d *DB) ListStorages() ([]string, error) {\n\t_, err := d.db.Query(\"SELECT id, config FROM storage\")\n\treturn nil, err\n}"
	r.Context = []report.Chunk{
		{File: "store/db/mysql/storage.go", StartLine: 9, EndLine: 12, Symbol: "(*DB).ListStorages", Kind: "func", Reason: report.ReasonImplementation, Text: query},
		{File: "store/db/sqlite/storage.go", StartLine: 9, EndLine: 12, Symbol: "(*DB).ListStorages", Kind: "func", Reason: report.ReasonImplementation, Text: query},
	}
	text := Analyze(r)
	mustHave(t, text, "The query is at `(*DB).ListStorages` (`store/db/sqlite/storage.go:10`)")
	mustLack(t, text, "mysql/storage.go:10")
}
