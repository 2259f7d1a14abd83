package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestStoreCalledInsideItsOwnTransaction: a lock wait, answered by a
// handler whose store runs a transaction through gorm's Transaction and
// calls its pool (r.db) inside it, brings that store method as the
// origin, though no frame shows it.
func TestStoreCalledInsideItsOwnTransaction(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/kennel\n",
		"store/store.go": `package store

import "gorm.io/gorm"

// Repo keeps dogs.
type Repo struct{ db *gorm.DB }

// Adopt moves a dog to its owner and logs the adoption.
func (r *Repo) Adopt(dog, owner int) error {
	return r.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("UPDATE dogs SET owner = ? WHERE id = ?", owner, dog).Error; err != nil {
			return err
		}
		return r.db.Exec("INSERT INTO adoptions (dog, owner) VALUES (?, ?)", dog, owner).Error
	})
}

// Count counts the dogs, in a transaction of its own.
func (r *Repo) Count() (n int64, err error) {
	err = r.db.Transaction(func(tx *gorm.DB) error { return tx.Table("dogs").Count(&n).Error })
	return n, err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/kennel/store"
)

// Adopt answers an adoption.
func Adopt(repo *store.Repo) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := repo.Adopt(1, 2); err != nil {
			http.Error(w, "adoption failed", 500)
		}
	}
}
`,
	})
	r := shelfReport(root, "database is locked (5) (SQLITE_BUSY)",
		report.Frame{Function: "example.com/kennel/web.Adopt.func1", File: "web/web.go", Line: 13})
	var origin, count bool
	for _, c := range Static(r) {
		origin = origin || c.Symbol == "(*Repo).Adopt" && c.Reason == report.ReasonOrigin
		count = count || c.Symbol == "(*Repo).Count" && c.Reason == report.ReasonOrigin
	}
	if !origin || count {
		t.Errorf("want the method that calls its pool inside its transaction, and only it, as the origin: %v", reasonsInOrder(Static(r)))
	}
}
