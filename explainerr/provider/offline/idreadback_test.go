package offline

import "testing"

// TestForeignKeyToARowWhoseIDWasNotReadBack: the request inserts the
// account, reads back its creation time only, and makes its session with
// the account's id, still 0: the RETURNING list is the fix.
func TestForeignKeyToARowWhoseIDWasNotReadBack(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/signup\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"time"
)

// Account is an account.
type Account struct {
	ID      int64
	Email   string
	Created time.Time
}

// Store keeps accounts.
type Store struct{ DB *sql.DB }

// Create inserts an account.
func (s *Store) Create(a *Account) error {
	q := ` + "`INSERT INTO accounts (email) VALUES ($1) RETURNING created_at`" + `
	return s.DB.QueryRow(q, a.Email).Scan(&a.Created)
}

// NewSession starts an account's session.
func (s *Store) NewSession(accountID int64) error {
	_, err := s.DB.Exec("INSERT INTO sessions (account_id) VALUES ($1)", accountID)
	return err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/signup/store"
)

var accounts *store.Store

// SignUp makes an account and its first session.
func SignUp(w http.ResponseWriter, r *http.Request) {
	a := &store.Account{Email: r.FormValue("email")}
	if err := accounts.Create(a); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := accounts.NewSession(a.ID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport(`pq: insert or update on table "sessions" violates foreign key constraint "sessions_account_id_fkey"`, app.frame(t, "status", "example.com/signup/web.SignUp"))
	text := Analyze(r)
	mustHave(t, text, "reads back only `RETURNING created_at`: not the new row's id", "add `id` to `RETURNING created_at`")
	mustLack(t, text, "Check that the referenced row exists before inserting")
}

// TestForeignKeyToAParentCreatedAfter: a function the request reached
// copies the parent's id into its children before it creates the parent,
// whose id the database assigns then: the copy and the create are cited,
// and no 404 is advised.
func TestForeignKeyToAParentCreatedAfter(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/billing\n\ngo 1.22\n",
		"store/invoices.go": `package store

// Invoice is a bill.
type Invoice struct {
	ID    int
	Items []*Item
}

// Item is a line of an invoice.
type Item struct {
	ID        int
	InvoiceID int
}

// DB writes rows.
type DB interface{ Create(v any) error }

// Invoices keeps invoices.
type Invoices struct{ db DB }

// Add writes an invoice and its items.
func (s *Invoices) Add(inv *Invoice, items []*Item) error {
	for _, it := range items {
		it.InvoiceID = inv.ID
	}
	if err := s.db.Create(inv); err != nil {
		return err
	}
	return s.db.Create(&items)
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/billing/store"
)

var invoices *store.Invoices

func add(w http.ResponseWriter, r *http.Request) {
	if err := invoices.Add(&store.Invoice{}, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	msg := `ERROR: insert or update on table "items" violates foreign key constraint "fk_items_invoice" (SQLSTATE 23503)` + "\n"
	text := Analyze(statusReport(msg, app.frame(t, "status", "main.add")))
	mustHave(t, text, "`(*Invoices).Add` copies `inv.ID` into `it.InvoiceID`", "before it creates `inv` at `invoices.go:26`", "set `it.InvoiceID` from `inv.ID` after `inv` is created")
	mustLack(t, text, "answer 404")
}
