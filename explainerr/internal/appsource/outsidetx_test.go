package appsource

import (
	"strings"
	"testing"
)

// TestOutsideTxIn: a statement of a transaction's function given the
// outer handle is found, whether the handle is a context that carries
// the transaction or the database handle itself; a function that uses
// only the transaction's handle, or logs with the outer context, is not.
func TestOutsideTxIn(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/orders\n",
		"orders/orders.go": `package orders

import "context"

// DB is a handle a statement runs on.
type DB struct{}

// Create writes a row.
func (d *DB) Create(v any) error { return nil }

// Transaction runs fn in a transaction.
func (d *DB) Transaction(fn func(tx *DB) error) error { return fn(d) }

// Store saves orders.
type Store interface {
	Add(ctx context.Context, id int) error
	Mark(ctx context.Context, id int) error
}

// Service places orders.
type Service struct {
	store Store
	db    *DB
}

func (s *Service) runTx(ctx context.Context, fn func(txCtx context.Context) error) error { return fn(ctx) }

func logf(ctx context.Context, msg string) {}

// Place adds an order and marks it, the mark outside the transaction.
func (s *Service) Place(ctx context.Context, id int) error {
	return s.runTx(ctx, func(txCtx context.Context) error {
		if err := s.store.Add(txCtx, id); err != nil {
			return err
		}
		logf(ctx, "added")
		return s.store.Mark(ctx, id)
	})
}

// Keep adds and marks an order in the transaction.
func (s *Service) Keep(ctx context.Context, id int) error {
	return s.runTx(ctx, func(txCtx context.Context) error {
		logf(ctx, "keeping")
		if err := s.store.Add(txCtx, id); err != nil {
			return err
		}
		return s.store.Mark(txCtx, id)
	})
}

// Record writes two rows, the second on the outer handle.
func Record(db *DB, a, b any) error {
	return db.Transaction(func(tx *DB) error {
		if err := tx.Create(a); err != nil {
			return err
		}
		return db.Create(b)
	})
}
`,
	})
	m := Load(root + "/orders/orders.go")
	find := func(name string) []OutsideTx {
		f, fd := m.FuncAt(root+"/orders/orders.go", lineOf(t, m, root+"/orders/orders.go", name))
		return m.OutsideTxIn(FuncRef{File: f, Decl: fd})
	}
	if got := find("Place"); len(got) != 1 || got[0].Outer != "ctx" || got[0].Tx != "txCtx" || !strings.Contains(m.FileAt(root + "/orders/orders.go").Lines()[m.Fset.Position(got[0].Call).Line-1], "s.store.Mark(ctx, id)") {
		t.Errorf("Place: %+v, want the Mark call on ctx", got)
	}
	if got := find("Keep"); len(got) != 0 {
		t.Errorf("Keep: %+v, want none (the outer context only logs)", got)
	}
	if got := find("Record"); len(got) != 1 || got[0].Outer != "db" || got[0].Tx != "tx" {
		t.Errorf("Record: %+v, want the Create on db", got)
	}
}

// lineOf returns the line of the declaration of the function name in
// path.
func lineOf(t *testing.T, m *Module, path, name string) int {
	t.Helper()
	for i, l := range m.FileAt(path).Lines() {
		if strings.Contains(l, ") "+name+"(") || strings.HasPrefix(l, "func "+name+"(") {
			return i + 2
		}
	}
	t.Fatalf("no function %s", name)
	return 0
}
