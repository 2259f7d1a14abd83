package store

import (
	"context"

	"github.com/uptrace/bun"
)

// Store reads accounts.
type Store struct {
	db *bun.DB
}

// New returns a Store; it leaves the handle out.
func New(db *bun.DB) *Store {
	return &Store{}
}

//explainerr:failure panic runtime.errorString runtime error: invalid memory address or nil pointer dereference
//explainerr:inner dependency github.com/uptrace/bun.(*SelectQuery).Model /root/go/pkg/mod/github.com/uptrace/bun@v1.2.15/query_select.go:120

// Get reads the name of account id.
func (s *Store) Get(id int) (string, error) {
	var name string
	err := s.db.NewSelect().
		Model(&name). // want `Nil pointer dereference: .s\.db. is probably nil` `Set .db. where the .Store. is built, at .New. \(.store\.go:16.\): .return &Store\{\}.`
		Where("id = ?", id).
		Scan(context.Background())
	return name, err
}
