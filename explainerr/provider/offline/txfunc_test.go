package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestPoolInsideItsOwnTransactionFunc: inside the function a pool's
// Transaction runs, a statement on the pool itself, not on the
// transaction handed in, waits for the lock the transaction holds; the
// statement is named and moved onto the transaction.
func TestPoolInsideItsOwnTransactionFunc(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/crates\n\ngo 1.22\n",
		"store/orm.go": `package store

// DB is an ORM's handle.
type DB struct{ Error error }

// Transaction runs fn in a transaction.
func (d *DB) Transaction(fn func(tx *DB) error) error { return fn(d) }

// Delete deletes v.
func (d *DB) Delete(v any) *DB { return d }

// Create creates v.
func (d *DB) Create(v any) *DB { return d }
`,
		"store/crates.go": `package store

// Crates keeps crates.
type Crates struct{ db *DB }

// Move moves a crate to a shelf.
func (c *Crates) Move(id, shelf int) error {
	return c.db.Transaction(func(tx *DB) error {
		if err := tx.Create(&shelf).Error; err != nil {
			return err
		}
		return c.db.Delete(&id).Error
	})
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/crates/store"
)

// Move moves a crate.
func Move(c *store.Crates) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := c.Move(1, 2); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError) //! move
		}
	}
}
`,
	})
	text := Analyze(statusReport("database is locked\n", app.frame(t, "move", "example.com/crates/web.Move.func1")))
	mustHave(t, text, "A statement run beside its own open transaction: `return c.db.Delete(&id).Error`", "begins a transaction on `c.db`", "run the statement at `crates.go:12` on the transaction, not on `c.db`")
}

// TestTransactionFuncShapes: statementInTxFunc finds a call on the pool
// inside the function an app's own transaction helper runs, and not one
// that is handed the transaction (a savepoint set through the pool).
func TestTransactionFuncShapes(t *testing.T) {
	for src, want := range map[string]bool{
		`db.DoTransaction(ctx, func(sess *Session) error { return db.NewSession(ctx).Update(v) })`: true,
		`db.WithTx(func(tx *Tx) error { return db.SetSavePoint(tx, "a") })`:                        false,
		`db.WithTx(func(tx *Tx) error { return tx.Exec("x") })`:                                    false,
		`db.Transaction(func(tx *DB) error { return db.Delete(v).Error })`:                         true,
	} {
		body := parseBody(t, src)
		_, use, _ := statementInTxFunc(body)
		if got := use != nil; got != want {
			t.Errorf("%s: found %v, want %v", src, got, want)
		}
	}
}

// parseBody parses src as the body of a function.
func parseBody(t *testing.T, src string) *ast.BlockStmt {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nfunc f() {\n"+src+"\n}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	return f.Decls[0].(*ast.FuncDecl).Body
}
