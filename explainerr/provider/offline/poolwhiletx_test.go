package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestStatementOnThePoolWhileItsTransactionIsOpen: a statement run on
// the pool inside a function that holds a transaction open on it waits
// for the transaction's lock until its context ends; the fix runs it on
// the transaction.
func TestStatementOnThePoolWhileItsTransactionIsOpen(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/stock\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"context"
	"database/sql"
	"time"
)

// Store keeps stock.
type Store struct{ DB *sql.DB }

// Take takes one item off the shelf.
func (s *Store) Take(id int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count FROM stock WHERE id = $1 FOR UPDATE", id).Scan(&n); err != nil {
		return err
	}
	if _, err := s.DB.ExecContext(ctx, "UPDATE stock SET count = count - 1 WHERE id = $1", id); err != nil {
		return err //!ret
	}
	return tx.Commit()
}
`,
	})
	r := statusReport("context deadline exceeded", app.frame(t, "ret", "example.com/stock/store.(*Store).Take"))
	text := Analyze(r)
	mustHave(t, text, "begins a transaction on `s.DB`", "runs a statement on `s.DB` itself at `store.go:", "on the transaction, not on `s.DB`")
}

// TestQueryBuiltOnTheClientWhileItsTransactionIsOpen: a query builder's
// chain built on the client (ent's c.db.Item.UpdateOneID(id)…Exec) beside
// the transaction the function opened on it (c.db.Tx), with SQLite's
// "database is locked": one writer at a time.
func TestQueryBuiltOnTheClientWhileItsTransactionIsOpen(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shed\n\ngo 1.22\n",
		"store/store.go": `package store

import "context"

// Update builds an update of one row.
type Update struct{}

// AddTags adds tags to the update.
func (u *Update) AddTags(ids ...int) *Update { return u }

// Exec runs the update.
func (u *Update) Exec(ctx context.Context) error { return nil }

// Items builds item statements.
type Items struct{}

// UpdateOneID starts an update of one item.
func (Items) UpdateOneID(id int) *Update { return &Update{} }

// Save saves.
func (Items) Save(ctx context.Context) (int, error) { return 1, nil }

// Tx is a transaction.
type Tx struct{ Item Items }

// Rollback rolls it back.
func (*Tx) Rollback() error { return nil }

// Client is the database client.
type Client struct{ Item Items }

// Tx begins a transaction.
func (*Client) Tx(ctx context.Context) (*Tx, error) { return &Tx{}, nil }

// Store keeps items.
type Store struct{ db *Client }

// Create adds an item and its tags.
func (s *Store) Create(ctx context.Context, tags []int) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return err
	}
	id, err := tx.Item.Save(ctx)
	if err != nil {
		return err
	}
	if err := s.db.Item.UpdateOneID(id).AddTags(tags...).Exec(ctx); err != nil {
		_ = tx.Rollback()
		return err //!ret
	}
	return nil
}
`,
	})
	r := statusReport("database is locked", app.frame(t, "ret", "example.com/shed/store.(*Store).Create"))
	text := Analyze(r)
	mustHave(t, text, "begins a transaction on `s.db`", "SQLite lets one connection write at a time", "on the transaction, not on `s.db`")
}

// TestStatementBesideTxOffTheStack: when the stack shows only the app's
// own router, the module's one function that runs a statement beside
// its own transaction is named as such for a lock wait; with two, none
// is, and none for a deadline, which a lock is only one cause of.
func TestStatementBesideTxOffTheStack(t *testing.T) {
	fn := func(name string) string {
		return `
// ` + name + ` grants access.
func (s *Store) ` + name + `(user string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	if _, err := tx.Exec("INSERT INTO access (user) VALUES (?)", user); err != nil {
		return err
	}
	if _, err := s.db.Exec("INSERT INTO access (user) VALUES ('everyone')"); err != nil {
		return err
	}
	return tx.Commit()
}
`
	}
	for _, tc := range []struct {
		funcs, msg string
		names      bool
	}{
		{fn("Grant"), "database is locked", true},
		{fn("Grant") + fn("Share"), "database is locked", false},
		{fn("Grant"), "context deadline exceeded", false},
	} {
		app := writeMarkedApp(t, map[string]string{
			"go.mod": "module example.com/acl\n",
			"store.go": `package acl

import (
	"database/sql"
	"net/http"
)

// Store keeps access entries.
type Store struct{ db *sql.DB }
` + tc.funcs + `
// Serve answers every request through the app's own table.
func Serve(w http.ResponseWriter, r *http.Request, h func() error) {
	if err := h(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
		})
		text := Analyze(statusReport(tc.msg, app.frame(t, "fail", "example.com/acl.Serve")))
		if tc.names {
			mustHave(t, text, "only this one runs one beside its own transaction", "In `(*Store).Grant`, run the statement")
		} else {
			mustLack(t, text, "beside its own")
		}
	}
}

// TestHelperBesideTx: a method called while its caller's transaction is
// open runs its statement on the receiver's pool, not on the transaction;
// the request's status has no body and its log holds SQLite's "database
// is locked" (the logged error is analysed).
func TestHelperBesideTx(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/ledger\n",
		"ledger.go": `package ledger

import (
	"database/sql"
	"log"
	"net/http"
)

// Ledger keeps entries.
type Ledger struct{ db *sql.DB }

func (l *Ledger) stamp(key string) error {
	_, err := l.db.Exec("INSERT INTO stamps (key) VALUES (?)", key)
	return err
}

// Post writes an entry and stamps the ledger.
func (l *Ledger) Post(amount int) bool {
	tx, err := l.db.Begin()
	if err != nil {
		return false
	}
	if _, err := tx.Exec("INSERT INTO entries (amount) VALUES (?)", amount); err != nil {
		return false
	}
	if err := l.stamp("posted"); err != nil {
		log.Print(err)
		return false
	}
	return tx.Commit() == nil
}

// Serve answers a post.
func Serve(w http.ResponseWriter, r *http.Request, l *Ledger) {
	if !l.Post(3) {
		w.WriteHeader(http.StatusInternalServerError) //!fail
	}
}
`,
	})
	r := statusReport("", app.frame(t, "fail", "example.com/ledger.Serve"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 12:33:23 ledger.go:26: database is locked"}}
	text := Analyze(r)
	mustHave(t, text, "begins a transaction on `l.db`", "while it is open calls", "`(*Ledger).stamp` runs its statement on the pool itself",
		"SQLite lets one connection write at a time", "Run the statement of `(*Ledger).stamp` on the transaction")
}

// TestHelperBesideTxOnAPackagePool: the pool is the package's variable
// (var db), which the function's transaction is begun on and a method of
// the same receiver, in the same package, runs a statement on.
func TestHelperBesideTxOnAPackagePool(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n",
		"shelf.go": `package shelf

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

// Shelf holds books.
type Shelf struct{ ID int }

func (s *Shelf) clearBooks() error {
	_, err := db.Exec("DELETE FROM books WHERE shelf_id = ?", s.ID)
	return err
}

// Remove removes the shelf and its books.
func (s *Shelf) Remove() error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if _, err := tx.Exec("DELETE FROM shelves WHERE id = ?", s.ID); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.clearBooks(); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Serve answers a removal.
func Serve(w http.ResponseWriter, r *http.Request) {
	s := &Shelf{ID: 1}
	if err := s.Remove(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!fail
	}
}
`,
	})
	r := statusReport("database is locked", app.frame(t, "fail", "example.com/shelf.Serve"))
	text := Analyze(r)
	mustHave(t, text, "`(*Shelf).Remove` begins a transaction on `db`", "`(*Shelf).clearBooks` runs its statement on the pool itself",
		"SQLite lets one connection write at a time", "Run the statement of `(*Shelf).clearBooks` on the transaction")
}

// TestHelperInsideATransactionFunc: a transaction run as a function
// (r.db.Transaction(func(tx) …)) calls a method of the same receiver
// that runs its statement on r.db; the driver's log line, which says
// only that the database is locked, is the lead.
func TestHelperInsideATransactionFunc(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/tags\n\ngo 1.22\n",
		"repo/repo.go": `package repo

import (
	"context"

	"gorm.io/gorm"
)

// Tag labels notes.
type Tag struct{ ID int }

// NoteTag links a note to a tag.
type NoteTag struct{ TagID int }

// Repo keeps tags.
type Repo struct{ db *gorm.DB }

func (r *Repo) untagAll(ctx context.Context, id int) error {
	return r.db.WithContext(ctx).Where("tag_id = ?", id).Delete(&NoteTag{}).Error
}

// Remove removes a tag and its links.
func (r *Repo) Remove(ctx context.Context, id int) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Delete(&Tag{}, id).Error; err != nil {
			return err
		}
		return r.untagAll(ctx, id)
	})
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/tags/repo"
)

var tags *repo.Repo

// Remove answers a removal.
func Remove(w http.ResponseWriter, r *http.Request) {
	if err := tags.Remove(r.Context(), 1); err != nil {
		http.Error(w, "could not remove the tag", http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport("could not remove the tag", app.frame(t, "status", "example.com/tags/web.Remove"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 18:56:59 /app/repo/repo.go:19 database is locked (5) (SQLITE_BUSY)\n[5021.926ms] [rows:1] DELETE FROM `note_tags` WHERE tag_id = 1"}}
	text := Analyze(r)
	mustHave(t, text, "`(*Repo).Remove` begins a transaction on `r.db`", "`(*Repo).untagAll` runs its statement on the pool itself",
		"SQLite lets one connection write at a time", "Run the statement of `(*Repo).untagAll` on the transaction")
}
