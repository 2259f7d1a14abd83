package offline

import "testing"

// TestNoRowsOutsideTheTransaction: a row written in a transaction is not
// found by a statement of the same transaction's function given the
// outer context: that statement and the handle to give it are named, not
// a 404 for a missing row.
func TestNoRowsOutsideTheTransaction(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"context"
	"database/sql"
)

// Orders stores orders.
type Orders struct{ db *sql.DB }

// Add writes an order.
func (o *Orders) Add(ctx context.Context, id int) error {
	_, err := o.db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// Total reads an order's total.
func (o *Orders) Total(ctx context.Context, id int) (int, error) {
	var n int
	err := o.db.QueryRowContext(ctx, "SELECT total FROM orders WHERE id = $1", id).Scan(&n)
	return n, err
}
`,
		"app/app.go": `package app

import (
	"context"

	"example.com/shop/store"
)

// Service places orders.
type Service struct{ orders *store.Orders }

func (s *Service) inTx(ctx context.Context, fn func(txCtx context.Context) error) error { return fn(ctx) }

// Place adds an order and reads its total.
func (s *Service) Place(ctx context.Context, id int) (int, error) {
	var total int
	err := s.inTx(ctx, func(txCtx context.Context) error {
		if err := s.orders.Add(txCtx, id); err != nil {
			return err
		}
		var err error
		total, err = s.orders.Total(ctx, id)
		return err
	})
	return total, err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/shop/app"
)

func place(w http.ResponseWriter, r *http.Request, s *app.Service) {
	if _, err := s.Place(r.Context(), 7); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!place
	}
}
`,
	})
	fr := app.frame(t, "place", "example.com/shop/web.place")
	text := Analyze(statusReport("sql: no rows in result set\n", fr))
	mustHave(t, text, "A statement run outside its transaction: `ctx` in place of `txCtx`", "total, err = s.orders.Total(ctx, id)", "give the call at `app.go:22` `txCtx` instead of `ctx`")
	mustLack(t, text, "404")
}
