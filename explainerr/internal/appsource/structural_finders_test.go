package appsource

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// ledgerModule is a layered app: a handler package, a service in another
// package that wraps its store's error with %v, a constructor that leaves
// a map out, SQL in Go strings and in a migration file, and settings read
// from the environment.
var ledgerModule = map[string]string{
	"go.mod": "module example.com/ledger\n",
	"web/handlers.go": `package web

import (
	"net/http"

	"example.com/ledger/billing"
)

// Handlers serves the ledger.
type Handlers struct{ svc *billing.Service }

func (h *Handlers) invoice(w http.ResponseWriter, r *http.Request) {
	inv, err := h.svc.Invoice(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(inv))
}
`,
	"billing/service.go": `package billing

import (
	"database/sql"
	"fmt"
)

// Service bills customers.
type Service struct {
	db     *sql.DB
	totals map[string]int
}

// NewService returns a service over db.
func NewService(db *sql.DB) *Service {
	return &Service{db: db}
}

// Invoice returns the invoice id.
func (s *Service) Invoice(id string) (string, error) {
	var number string
	err := s.db.QueryRow("SELECT invoice_no FROM invoices WHERE id = ?", id).Scan(&number)
	if err != nil {
		return "", fmt.Errorf("loading invoice %s: %v", id, err)
	}
	return number, nil
}

// Add counts an amount for a customer.
func (s *Service) Add(customer string, amount int) {
	s.totals[customer] += amount
}
`,
	"store/schema.go":           "package store\n\n// Schema creates the tables.\nconst Schema = `\nCREATE TABLE invoices (\n\tid TEXT PRIMARY KEY,\n\tnumber TEXT NOT NULL\n);\n`\n",
	"migrations/002_rename.sql": "-- rename the invoice number\nALTER TABLE invoices\n  RENAME COLUMN invoice_no TO number;\n",
	"billing/reports.go": `package billing

import "fmt"

// Monthly sums a month's invoices.
func Monthly(month string, err error) error {
	return fmt.Errorf("monthly report for %s: %v", month, err)
}
`,
	"config/config.go": `package config

import "os"

// DatabaseURL is where the database is.
func DatabaseURL() string {
	if v := os.Getenv("LEDGER_DATABASE_URL"); v != "" {
		return v
	}
	return "postgres://localhost:5433/ledger"
}
`,
}

func ledgerReport(t *testing.T, root, file string, line int, fn string, msg string) *report.Report {
	t.Helper()
	return &report.Report{
		Error:  report.Error{Kind: report.KindStatus, Message: msg},
		Frames: []report.Frame{{Function: fn, File: filepath.Join(root, filepath.FromSlash(file)), Line: line, Kind: report.FrameApp}},
	}
}

func reasons(cs []report.Chunk) map[string][]string {
	out := map[string][]string{}
	for _, c := range cs {
		out[c.Reason] = append(out[c.Reason], c.File+":"+c.Symbol)
	}
	return out
}

// TestStructuralChunks: each kind of edge the stack does not show leads
// the static context to the code where the fix belongs.
func TestStructuralChunks(t *testing.T) {
	root := writeModule(t, ledgerModule)

	// The error's origin, in another package: the %v wrap.
	r := ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "loading invoice 7: sql: no rows in result set\n")
	got := reasons(Static(r))
	if strings.Join(got["origin"], " ") != "billing/service.go:(*Service).Invoice" && strings.Join(got["graph"], " ") != "billing/service.go:(*Service).Invoice" {
		t.Errorf("the function that made the error is missing: %v", got)
	}

	// An origin no call of the stack leads to.
	r = ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "monthly report for may: disk full")
	got = reasons(Static(r))
	if !contains(got["origin"], "billing/reports.go:Monthly") {
		t.Errorf("the function that made the error is missing: %v", got)
	}

	// An SQL column error: the query and the migration that renamed it,
	// and the schema in a Go string.
	r = ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "loading invoice 7: no such column: invoice_no")
	got = reasons(Static(r))
	if !contains(got["schema"], "migrations/002_rename.sql:002_rename.sql") {
		t.Errorf("the migration is missing: %v", got)
	}
	r = ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "no such table: invoices")
	got = reasons(Static(r))
	if !contains(got["schema"], "store/schema.go:Schema") {
		t.Errorf("the schema in a Go string is missing: %v", got)
	}

	// A nil map in a method: the constructor of its receiver type.
	r = ledgerReport(t, root, "billing/service.go", 31, "example.com/ledger/billing.(*Service).Add", "assignment to entry in nil map")
	r.Error.Kind = report.KindPanic
	got = reasons(Static(r))
	if !contains(got["constructor"], "billing/service.go:NewService") {
		t.Errorf("the constructor is missing: %v", got)
	}

	// A refused connection: the code that reads the setting.
	r = ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "dial tcp 127.0.0.1:5433: connect: connection refused")
	got = reasons(Static(r))
	if !contains(got["setting"], "config/config.go:DatabaseURL") {
		t.Errorf("the setting's reader is missing: %v", got)
	}

	// An error no finder knows gets none of these.
	r = ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "something else")
	got = reasons(Static(r))
	for _, k := range []string{"origin", "schema", "constructor", "setting", "query"} {
		if len(got[k]) > 0 {
			t.Errorf("%s chunks for an unknown error: %v", k, got[k])
		}
	}
}

// TestErrorOriginsFromTheLog: a handler that answers a generic body and
// logs the error as a structured record gets the origin of the logged
// error.
func TestErrorOriginsFromTheLog(t *testing.T) {
	root := writeModule(t, ledgerModule)
	r := ledgerReport(t, root, "web/handlers.go", 15, "example.com/ledger/web.(*Handlers).invoice", "internal error")
	r.Logs = []report.LogLine{{Time: time.Unix(0, 0), Text: `{"level":"error","msg":"invoice","error":"loading invoice 9: sql: connection is already closed"}`}}
	m := Load(filepath.Join(root, "web", "handlers.go"))
	origins := m.ErrorOrigins(errorMessages(r)...)
	if len(origins) != 1 || origins[0].Func != "(*Service).Invoice" {
		t.Errorf("origins %v", origins)
	}
	if !FormatMatches(`"loading invoice %d: %v"`, "loading invoice 9: x", 5) || FormatMatches(`"loading invoice %d: %v"`, "loading invoice nine: x", 5) {
		t.Errorf("a %s verb must match digits only", "%d")
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

func TestConnectionFailureWords(t *testing.T) {
	for msg, want := range map[string]bool{
		"dial tcp 127.0.0.1:5432: connect: connection refused":             true,
		"lookup db: no such host":                                          true,
		"missing DSN":                                                      true,
		"environment variable DATABASE_URL is not set":                     true,
		"runtime error: invalid memory address or nil pointer dereference": false,
		"invalid character 'x' looking for beginning of value":             false,
		"template: no template \"x\" associated with template \"y\"":       false,
	} {
		if got := isConnectionFailure(msg); got != want {
			t.Errorf("%q: %v, want %v", msg, got, want)
		}
	}
}
