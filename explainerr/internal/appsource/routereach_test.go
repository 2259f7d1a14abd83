package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// pantryModule's handler, registered on a route, asks who the user is,
// then lists items through a core package whose long function rolls its
// transaction back before it reads through it; an error handler passes
// the error on, so the stack holds only the error handler.
var pantryModule = map[string]string{
	"go.mod": "module example.com/pantry\n",
	"cmd/routes.go": `package main

import "example.com/pantry/core"

type Ctx interface{ Param(string) string }

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error) {}

type App struct {
	core *core.Core
	auth *core.Auth
}

func routes(g *Group, a *App) {
	g.GET("/api/items", a.listItems)
}

func onError(err error, c Ctx) { _ = err }
`,
	"cmd/items.go": `package main

import "errors"

func (a *App) listItems(c Ctx) error {
	user := a.auth.User(c.Param("session"))
	if !a.auth.Allowed(user, "items") {
		return errors.New("denied")
	}
	items, err := a.core.ListItems(c.Param("q"))
	if err != nil {
		return errors.New("Error fetching items: " + err.Error())
	}
	_ = items
	return nil
}
`,
	"core/auth.go": `package core

// Auth says who is asking.
type Auth struct{}

// User is the session's user.
func (a *Auth) User(session string) string { return session }

// Allowed says whether user may see what.
func (a *Auth) Allowed(user, what string) bool { return user != "" && what != "" }
`,
	"core/items.go": `package core

import "database/sql"

// Core runs the app's queries.
type Core struct{ db *sql.DB }

// ListItems lists the items whose name holds q.
func (c *Core) ListItems(q string) ([]string, error) {
	if q == "" {
		q = "%"
	} else {
		q = "%" + q + "%"
	}
	var (
		out  []string
		name string
	)
	_ = name
	// The query is built in several steps, each kept short, so that the
	// function runs long before its transaction.
	// Step 1 of the query is explained here at some length, so that the function is long.
	// Step 2 of the query is explained here at some length, so that the function is long.
	// Step 3 of the query is explained here at some length, so that the function is long.
	// Step 4 of the query is explained here at some length, so that the function is long.
	// Step 5 of the query is explained here at some length, so that the function is long.
	// Step 6 of the query is explained here at some length, so that the function is long.
	// Step 7 of the query is explained here at some length, so that the function is long.
	// Step 8 of the query is explained here at some length, so that the function is long.
	// Step 9 of the query is explained here at some length, so that the function is long.
	// Step 10 of the query is explained here at some length, so that the function is long.
	// Step 11 of the query is explained here at some length, so that the function is long.
	// Step 12 of the query is explained here at some length, so that the function is long.
	// Step 13 of the query is explained here at some length, so that the function is long.
	// Step 14 of the query is explained here at some length, so that the function is long.
	// Step 15 of the query is explained here at some length, so that the function is long.
	stmt := "SELECT name FROM items"
	stmt += " WHERE name LIKE $1"
	stmt += " ORDER BY name"
	stmt += " LIMIT 100"
	tx, err := c.db.Begin()
	if err != nil {
		return nil, err
	}
	tx.Rollback()
	rows, err := tx.Query(stmt, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}
`,
}

// TestRouteHandlerReachesATransactionEndedEarly: when the stack lost the
// handler, what its route's handler reached counts as what the request
// reached: the function of another package that ends its transaction
// before using it is an origin, shown around the Rollback; the call whose
// error the handler takes comes before the user lookup, which makes none.
func TestRouteHandlerReachesATransactionEndedEarly(t *testing.T) {
	root := writeModule(t, pantryModule)
	r := shelfReport(root, "Error fetching items: sql: transaction has already been committed or rolled back",
		report.Frame{Function: "main.onError", File: "cmd/routes.go", Line: 18})
	r.Error.Kind, r.Error.HandedOver = report.KindError, true
	r.Request.Method, r.Request.Route = "GET", "/api/items"
	cs := Static(r)
	var origin *report.Chunk
	for i, c := range cs {
		if c.Symbol == "(*Core).ListItems" {
			origin = &cs[i]
			break
		}
		if c.Symbol == "(*Auth).User" || c.Symbol == "(*Auth).Allowed" {
			t.Errorf("%s comes before the call whose error the handler takes: %v", c.Symbol, reasonsInOrder(cs))
		}
	}
	if origin == nil || origin.Reason != report.ReasonOrigin || !strings.Contains(origin.Text, "tx.Rollback()") || !strings.Contains(origin.Text, "tx.Query(stmt, q)") {
		t.Fatalf("the function that rolls back early is no origin around its Rollback: %+v\n%v", origin, reasonsInOrder(cs))
	}
}
