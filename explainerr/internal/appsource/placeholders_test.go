package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// tillModule makes a squirrel builder without PostgreSQL's placeholders
// in its database constructor.
var tillModule = map[string]string{
	"go.mod": "module example.com/till\n",
	"db/db.go": `package db

import (
	"database/sql"

	"github.com/Masterminds/squirrel"
)

type DB struct {
	Pool    *sql.DB
	Builder squirrel.StatementBuilderType
}

func Open(pool *sql.DB) *DB {
	return &DB{Pool: pool, Builder: squirrel.StatementBuilder}
}
`,
	"sales/sales.go": `package sales

import "example.com/till/db"

type Repo struct{ d *db.DB }

func (r Repo) Add(cents int) error {
	q, args, _ := r.d.Builder.Insert("sales").Columns("cents").Values(cents).ToSql()
	_, err := r.d.Pool.Exec(q, args...)
	return err
}
`,
}

// TestQuestionBuilderChunk: PostgreSQL's syntax error at a comma brings
// the constructor that makes a squirrel builder without the dollar
// format; a module that sets it anywhere gets none.
func TestQuestionBuilderChunk(t *testing.T) {
	root := writeModule(t, tillModule)
	frame := report.Frame{Function: "example.com/till/sales.Repo.Add", File: "sales/sales.go", Line: 8}
	got := reasons(Static(shelfReport(root, `ERROR: syntax error at or near "," (SQLSTATE 42601)`, frame)))
	if !contains(got["constructor"], "db/db.go:Open") {
		t.Errorf("the builder's constructor is missing: %v", got)
	}
	fixed := map[string]string{}
	for k, v := range tillModule {
		fixed[k] = v
	}
	fixed["db/db.go"] = strings.Replace(tillModule["db/db.go"], "squirrel.StatementBuilder}", "squirrel.StatementBuilder.PlaceholderFormat(squirrel.Dollar)}", 1)
	root = writeModule(t, fixed)
	if got := reasons(Static(shelfReport(root, `ERROR: syntax error at or near "," (SQLSTATE 42601)`, frame))); contains(got["constructor"], "db/db.go:Open") {
		t.Errorf("a builder given the dollar format is a lead: %v", got)
	}
}
