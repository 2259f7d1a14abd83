package offline

import (
	"strings"
	"testing"
)

// vaultFiles is an app whose store embeds a pointer to its generated
// queries and whose constructor builds it with ctor.
func vaultFiles(ctor string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/vault\n\ngo 1.22\n",
		"db/queries.go": `package db

import "database/sql"

// Queries runs the generated queries.
type Queries struct{ conn *sql.DB }

// CountItems counts the items.
func (q *Queries) CountItems() (n int, err error) {
	err = q.conn.QueryRow("SELECT COUNT(*) FROM items").Scan(&n) //!count
	return n, err
}
`,
		"db/store.go": `package db

import "database/sql"

// Vault is the app's store: the generated queries and the handle.
type Vault struct {
	*Queries
	db *sql.DB
}

// NewVault returns a store over db.
func NewVault(db *sql.DB) *Vault {
	return ` + ctor + `
}
`,
		"web/web.go": `package web

import (
	"fmt"
	"net/http"

	"example.com/vault/db"
)

// Server serves the items.
type Server struct{ vault *db.Vault }

func (s *Server) count(w http.ResponseWriter, r *http.Request) {
	n, _ := s.vault.CountItems() //!handler
	fmt.Fprint(w, n)
}
`,
	}
}

// TestNilEmbeddedPointerNamed: a method promoted from an embedded pointer
// field runs on a nil receiver when the literal that builds the outer
// value leaves the embedded field out: the embedded field is named, not
// the outer value.
func TestNilEmbeddedPointerNamed(t *testing.T) {
	app := writeMarkedApp(t, vaultFiles("&Vault{db: db}"))
	fr1 := app.frame(t, "count", "example.com/vault/db.(*Queries).CountItems")
	fr2 := app.frame(t, "handler", "example.com/vault/web.(*Server).count")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustHave(t, text, "it runs on the embedded `*Queries`", "not `s.vault`", "`return &Vault{db: db}` without `Queries`", "Set `Queries` where the `Vault` is built, at `store.go:13`")
	mustLack(t, text, "and `s.vault` is `nil`")

	set := writeMarkedApp(t, vaultFiles("&Vault{Queries: &Queries{conn: db}, db: db}"))
	fr1 = set.frame(t, "count", "example.com/vault/db.(*Queries).CountItems")
	fr2 = set.frame(t, "handler", "example.com/vault/web.(*Server).count")
	text = Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustLack(t, text, "embedded `*Queries`", "without `Queries`")
}

// TestNilEmbeddedPointerBehindAnInterface: the handler holds the store
// as an interface of the store's package; the one type embedding
// *Queries is behind it, and its constructor leaves the embedded field
// out: that field is named, not the interface value the caller holds.
func TestNilEmbeddedPointerBehindAnInterface(t *testing.T) {
	files := vaultFiles("&Vault{db: db}")
	files["db/iface.go"] = `package db

// Store is what the handlers use.
type Store interface {
	CountItems() (int, error)
}
`
	files["web/web.go"] = strings.Replace(files["web/web.go"], "vault *db.Vault", "vault db.Store", 1)
	app := writeMarkedApp(t, files)
	fr1 := app.frame(t, "count", "example.com/vault/db.(*Queries).CountItems")
	fr2 := app.frame(t, "handler", "example.com/vault/web.(*Server).count")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustHave(t, text, "a `Store` that holds a `Vault`", "it runs on the embedded `*Queries`", "Set `Queries` where the `Vault` is built, at `store.go:13`")
	mustLack(t, text, "and `s.vault` is `nil`")
}
