package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// shelvesFiles is a store whose methods take their handle from a helper
// given the context, which returns the transaction the context carries,
// but one: it writes on the pool itself.
var shelvesFiles = map[string]string{
	"go.mod": "module example.com/shelves\n\ngo 1.22\n",
	"store/shelf.go": `package store

import (
	"context"
	"database/sql"
)

type txKey struct{}

// execer runs statements.
type execer interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

func handle(ctx context.Context, db *sql.DB) execer {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// Shelves keeps shelves.
type Shelves struct{ db *sql.DB }

// Rename renames a shelf.
func (s *Shelves) Rename(ctx context.Context, id int, name string) error {
	_, err := handle(ctx, s.db).ExecContext(ctx, "UPDATE shelf SET name = ? WHERE id = ?", name, id) //!sibling
	return err
}

// Move moves a shelf.
func (s *Shelves) Move(ctx context.Context, id, room int) error {
	_, err := handle(ctx, s.db).ExecContext(ctx, "UPDATE shelf SET room = ? WHERE id = ?", room, id)
	return err
}

// Empty takes every book off a shelf.
func (s *Shelves) Empty(ctx context.Context, id int) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM book WHERE shelf = ?", id) //!bypass
	return err
}
`,
}

// TestStatementBesideTheContextsTransaction: a lock wait met where a
// method writes on its receiver's pool while its siblings take the
// context's transaction from a helper: that method is the origin in the
// context, and the fix is to go through the helper.
func TestStatementBesideTheContextsTransaction(t *testing.T) {
	app := writeMarkedApp(t, shelvesFiles)
	_, bypass := app.line("bypass")
	r := app.loggedFailure(t, "example.com/shelves", "bypass", report.KindError, "database is locked (5) (SQLITE_BUSY)", "DELETE", "/shelves/3/books")
	if cs := appsource.Static(r); !hasChunk(cs, "(*Shelves).Empty") {
		t.Errorf("the static context lacks the method: %v", chunkSymbols(cs))
	}
	text := Analyze(r)
	mustHave(t, text, "`(*Shelves).Empty` runs its statement on `s.db` itself at `shelf.go:"+itoa(bypass)+"`", "from `handle`",
		"In `(*Shelves).Empty`, take the handle from `handle` as its siblings do")
}
