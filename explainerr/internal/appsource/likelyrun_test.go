package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// depotModule writes one error format in two functions, a middleware its
// routes use and a helper nothing calls; its logger writes a record per
// request, and its store logs each query before it runs it.
var depotModule = map[string]string{
	"go.mod": "module example.com/depot\n",
	"web/tx.go": `package web

import (
	"fmt"
	"net/http"
)

// InTx runs a handler in a transaction.
func InTx(next func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := next(w, r); err != nil {
			return fmt.Errorf("EXECUTE IN TRANSACTION: %w", err)
		}
		return nil
	}
}

// Routes registers the routes.
func Routes(mux *http.ServeMux, h func(http.ResponseWriter, *http.Request) error) {
	mux.HandleFunc("/crates", Errors(InTx(h)))
}

// Errors answers an error with 500.
func Errors(next func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := next(w, r); err != nil {
			http.Error(w, "internal", http.StatusInternalServerError)
		}
	}
}

// Logger logs each request.
func Logger(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		next(w, r)
	}
}
`,
	"data/tx.go": `package data

import "fmt"

// UnderTx runs f in a transaction.
func UnderTx(f func() error) error {
	if err := f(); err != nil {
		return fmt.Errorf("EXECUTE IN TRANSACTION: %w", err)
	}
	return nil
}
`,
	"data/crates.go": `package data

import "database/sql"

// Count counts the crates.
func Count(db *sql.DB) (int, error) {
	var n int
	err := db.QueryRow("SELECT count(1) FROM crate").Scan(&n)
	return n, err
}
`,
}

// TestOriginsThatMayHaveRun: of two functions that write the error's
// format, the one something calls is the origin, not a helper nothing
// calls; a quiet log record of the request (an info "request started")
// names no origin, the last query a quiet record logged before an SQL
// error does.
func TestOriginsThatMayHaveRun(t *testing.T) {
	root := writeModule(t, depotModule)
	r := shelfReport(root, "EXECUTE IN TRANSACTION: count: undefined table",
		report.Frame{Function: "example.com/depot/web.Errors.func1", File: "web/tx.go", Line: 32})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	r.Logs = []report.LogLine{
		{Text: `{"level":"INFO","file":"tx.go:41","msg":"request started","path":"/crates"}`},
		{Text: `{"level":"INFO","file":"crates.go:8","msg":"query","query":"SELECT count(1) FROM crate"}`},
		{Text: `{"level":"ERROR","msg":"EXECUTE IN TRANSACTION: count: undefined table"}`},
	}
	got := reasons(Static(r))
	if !contains(got["origin"], "web/tx.go:InTx") || contains(got["origin"], "data/tx.go:UnderTx") {
		t.Errorf("origins %v: want InTx, which the routes use, and not UnderTx, which nothing calls", got["origin"])
	}
	if !contains(got["origin"], "data/crates.go:Count") {
		t.Errorf("origins %v: want Count, whose query a quiet record logged before the SQL error", got["origin"])
	}
	if contains(got["origin"], "web/tx.go:Logger") {
		t.Errorf("origins %v: a quiet record of the request (request started) named an origin", got["origin"])
	}
}
