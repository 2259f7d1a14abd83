package offline

import (
	"path/filepath"
	"testing"
)

// layeredFiles is an app whose store's constructor leaves its connection
// out (ctor) and whose service's constructor copies its store from main's
// wiring (wire).
func layeredFiles(ctor, wire string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/probe\n\ngo 1.22\n",
		"store/store.go": `package store

import "database/sql"

// Conn wraps a handle.
type Conn struct{ h *sql.DB }

// Select starts a query.
func (c *Conn) Select(table string) *sql.Rows {
	rows, _ := c.h.Query("SELECT * FROM " + table) //!conn
	return rows
}

// Books keeps books.
type Books struct{ db *Conn }

// NewBooks returns a store.
func NewBooks(db *Conn) *Books {
	return ` + ctor + `
}

// Count counts.
func (b *Books) Count() int {
	b.db.Select("books") //!count
	return 0
}
`,
		"svc/svc.go": `package svc

// Store counts.
type Store interface{ Count() int }

// Service serves.
type Service interface{ Total() int }

type service struct{ store Store }

// New returns a service over store.
func New(store Store) Service { return service{store} }

func (s service) Total() int {
	return s.store.Count() //!total
}
`,
		"main.go": `package main

import (
	"example.com/probe/store"
	"example.com/probe/svc"
)

func wire() svc.Service {
	` + wire + `
}

func main() { wire() }
`}
}

// TestNilFieldFollowedToWhereItIsBuilt: a nil receiver that was a field of
// the caller's receiver is traced to the literal that leaves the field
// out; a nil field that a constructor copied from its parameter, to the
// call that passed it. When every literal sets the field from elsewhere,
// neither is said.
func TestNilFieldFollowedToWhereItIsBuilt(t *testing.T) {
	app := writeMarkedApp(t, layeredFiles("&Books{}", "var st svc.Store\n\treturn svc.New(st)"))
	fr1 := app.frame(t, "conn", "x")
	fr1.Function = "example.com/probe/store.(*Conn).Select"
	fr2 := app.frame(t, "count", "x")
	fr2.Function = "example.com/probe/store.(*Books).Count"
	text := Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustHave(t, text, "calls on `b.db`", "`Books` is built without setting `db` at `NewBooks` (`store.go:19`): `return &Books{}`, so `b.db` stays `nil`", "Set `db` where the `Books` is built, at `NewBooks` (`store.go:19`)")
	mustLack(t, text, "if c == nil")
	fr3 := app.frame(t, "total", "x")
	fr3.Function = "example.com/probe/svc.service.Total"
	text = Analyze(panicReport("runtime.Error", nilDeref, fr3))
	mustHave(t, text, "`New` (`svc.go:12`) copies its parameter `store` into `store`", "It is called at `wire` (`main.go:10`): `return svc.New(st)`", "Pass a value that is set to `New` at `main.go:10`")

	set := writeMarkedApp(t, layeredFiles("&Books{db: &Conn{}}", "return svc.New(store.NewBooks(nil))"))
	set.marks = app.marks
	fr2.File = filepath.Join(set.root, "store", "store.go")
	fr1.File = fr2.File
	text = Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustLack(t, text, "without `db`", "Set `db` where")
}

// TestForeignKeyAfterADiscardedLookup: a foreign-key violation is traced
// to the function on the error's path, through an interface, that drops a
// lookup's error and keeps its value; with the error checked it is not.
func TestForeignKeyAfterADiscardedLookup(t *testing.T) {
	files := func(lookup string) map[string]string {
		return map[string]string{
			"go.mod": "module example.com/ledger\n\ngo 1.22\n",
			"svc/svc.go": `package svc

// Account is an account.
type Account struct{ ID int }

// Store keeps accounts.
type Store interface {
	Get(id int) (Account, error)
	Move(from, to, amount int) error
}

// Ledger moves money.
type Ledger interface{ Transfer(from, to, amount int) error }

type ledger struct{ store Store }

// New returns a ledger.
func New(store Store) Ledger { return ledger{store: store} }

func (l ledger) Transfer(from, to, amount int) error {
	` + lookup + `
	return l.store.Move(from, dest.ID, amount)
}
`,
			"main.go": `package main

import (
	"net/http"

	"example.com/ledger/svc"
)

type handler struct{ books svc.Ledger }

func (h *handler) transfer(w http.ResponseWriter, r *http.Request) {
	if err := h.books.Transfer(1, 999, 10); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`}
	}
	const msg = `ERROR: insert or update on table "transfers" violates foreign key constraint "transfers_to_account_id_fkey" (SQLSTATE 23503)`
	app := writeMarkedApp(t, files("dest, _ := l.store.Get(to)"))
	text := Analyze(statusReport(msg+"\n", app.frame(t, "status", "(*handler).transfer")))
	mustHave(t, text, "`ledger.Transfer` drops the error of `l.store.Get(to)` at `ledger.Transfer` (`svc.go:21`)", "Check the error of `l.store.Get(to)` at `svc.go:21` instead of discarding it")

	app = writeMarkedApp(t, files("dest, err := l.store.Get(to)\n\tif err != nil {\n\t\treturn err\n\t}"))
	text = Analyze(statusReport(msg+"\n", app.frame(t, "status", "(*handler).transfer")))
	mustLack(t, text, "drops the error")

	// A library method's second result that is no error (a version
	// string) is no discarded error.
	app = writeMarkedApp(t, files("dest, err := l.store.Get(to)\n\tif err != nil {\n\t\treturn err\n\t}\n\tbrowser, _ := agent.Browser()\n\t_ = browser"))
	text = Analyze(statusReport(msg+"\n", app.frame(t, "status", "(*handler).transfer")))
	mustLack(t, text, "drops the error", "agent.Browser()")
}
