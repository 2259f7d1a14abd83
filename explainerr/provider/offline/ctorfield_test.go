package offline

import (
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
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

// TestNilFieldOfATypeTwoPackagesDeclare: two packages declare a handler
// type of the same name with a method of the same name (an HTTP port and
// a gRPC port), their receivers and parameters named differently; the
// failing frame's file says which: its constructor leaves the cache out,
// and the field, not the receiver, is named.
func TestNilFieldOfATypeTwoPackagesDeclare(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"cache/cache.go": `package cache

// Cache keeps answers.
type Cache interface{ Get(key string) (string, bool) }
`,
		"port/http/handlers.go": `package http

import "example.com/shop/cache"

// ProductHandler answers product requests over HTTP.
type ProductHandler struct {
	cache cache.Cache
	name  string
}

// NewProductHandler builds the handler.
func NewProductHandler(c cache.Cache, name string) *ProductHandler {
	return &ProductHandler{
		name: name,
	}
}

// GetProductByID answers a product.
func (p *ProductHandler) GetProductByID(id string) string {
	v, _ := p.cache.Get(id) //!get
	return v
}
`,
		"middleware/ratelimit.go": `package middleware

// Context is a request's context.
type Context struct{ Next func() }

// RateLimit limits requests.
func RateLimit() func(c *Context) {
	return func(c *Context) {
		c.Next() //!next
	}
}
`,
		"port/grpc/handlers.go": `package grpc

// ProductHandler answers product requests over gRPC.
type ProductHandler struct{ name string }

// NewProductHandler builds the handler.
func NewProductHandler(name string) *ProductHandler { return &ProductHandler{name: name} }

// GetProductByID answers a product.
func (h *ProductHandler) GetProductByID(ctx, req string) string { return h.name + req }
`,
	})
	fr := app.frame(t, "get", "example.com/shop/port/http.(*ProductHandler).GetProductByID")
	dep := report.Frame{Function: "github.com/gin-gonic/gin.(*Context).Next", File: "/go/pkg/mod/github.com/gin-gonic/gin@v1.12.0/context.go", Line: 192, Kind: report.FrameDependency}
	mw := app.frame(t, "next", "example.com/shop/server.(*Server).Run.RateLimit.func3")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr, dep, mw))
	mustHave(t, text, "`ProductHandler` is built without setting `cache` at `NewProductHandler`", "Set `cache` where the `ProductHandler` is built")
	mustLack(t, text, "`p` is a parameter")
}
