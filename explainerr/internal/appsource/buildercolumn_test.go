package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// builderModule orders its rows with a query builder, which writes no SQL
// text in the app: the column is a literal handed to OrderBy, and the
// error reaches a middleware that writes the status.
var builderModule = map[string]string{
	"go.mod": "module example.com/records\n",
	"store/records.go": `package store

import "context"

type Query interface {
	Select(cols ...string) Query
	OrderBy(cols ...string) Query
	Limit(n int64) Query
	All(dst any) error
}

type DB interface{ With(ctx context.Context) Query }

type Record struct{ ID string }

type Repo struct{ db DB }

func (r Repo) List(ctx context.Context) ([]Record, error) {
	var out []Record
	err := r.db.With(ctx).Select().OrderBy("created_on DESC").Limit(100).All(&out)
	return out, err
}

func (r Repo) Count(ctx context.Context) ([]Record, error) {
	var out []Record
	err := r.db.With(ctx).Select("id").OrderBy("id").All(&out)
	return out, err
}
`,
	"web/errors.go": `package web

import "net/http"

func Errors(next func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := next(w, r); err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}
}
`,
}

// TestColumnOfAQueryBuilder: an SQL error naming a column that only a
// query builder's column method names leads to the function that calls
// it, marked "query", after the frame.
func TestColumnOfAQueryBuilder(t *testing.T) {
	root := writeModule(t, builderModule)
	r := shelfReport(root, "internal error", report.Frame{Function: "example.com/records/web.Errors.func1", File: "web/errors.go", Line: 8})
	r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"DB query error: pq: column \"created_on\" does not exist","sql":"SELECT * FROM \"record\" ORDER BY created_on DESC LIMIT 100"}`}}
	cs := Static(r)
	if len(cs) < 2 || cs[1].Reason != report.ReasonQuery || cs[1].Symbol != "Repo.List" {
		t.Fatalf("the builder's query does not follow the frame: %v", reasonsInOrder(cs))
	}
}

// cratesModule builds two queries of the table crate: one reads it whole
// under an alias, the other adds a column written with the table's name.
var cratesModule = map[string]string{
	"go.mod": "module example.com/depot\n",
	"store/crates.go": `package store

type Builder interface {
	Select(cols ...string) Builder
	From(t string) Builder
	Join(on string) Builder
	Columns(cols ...string) Builder
}

func Select(cols ...string) Builder { return nil }

// Stacked lists the crates on a pallet.
func Stacked(pallet int) Builder {
	return Select("c.*").From("crate c").Join("pallet p ON p.id = c.pallet_id")
}

// WithLabels lists the shipments with their crate's label.
func WithLabels(b Builder) Builder {
	return b.Columns("shipment.*").Join("crate ON shipment.crate_id = crate.id").Columns("crate.label")
}
`,
	"web/errors.go": `package web

import "net/http"

func Errors(next func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := next(w, r); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}
`,
}

// TestColumnQualifiedByItsTableLeadsToItsBuilder: a column the error
// qualifies with its table leads to the builder call that names it so,
// not to another query of that table.
func TestColumnQualifiedByItsTableLeadsToItsBuilder(t *testing.T) {
	root := writeModule(t, cratesModule)
	r := shelfReport(root, "SQL logic error: no such column: crate.label (1)", report.Frame{Function: "example.com/depot/web.Errors.func1", File: "web/errors.go", Line: 8})
	got := reasons(Static(r))
	if !contains(got[report.ReasonQuery], "store/crates.go:WithLabels") || contains(got[report.ReasonQuery], "store/crates.go:Stacked") {
		t.Errorf("want WithLabels, and not Stacked, as the query: %v", got)
	}
}
