// Package shapes holds the code shapes the checker's classes test on:
// pointer fields, pointer receivers, composite literals, a type switch, a
// local variable that shadows a package, statements over several lines.
package shapes

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Owner owns an account.
type Owner struct {
	Name  string
	Email string
}

// Meta is embedded in Account.
type Meta struct {
	Created int64
}

// Account is reached through pointers.
type Account struct {
	Meta
	ID      int
	Owner   *Owner
	Tags    map[string]*Owner
	Balance float64
}

// Ledger keeps accounts.
type Ledger struct {
	accounts []*Account
	byID     map[int]*Account
	last     *Account
}

// ErrMissing is returned for an unknown account.
var ErrMissing = errors.New("missing account")

// NewLedger builds a ledger with one account.
func NewLedger(name string) *Ledger {
	first := &Account{ID: 1, Owner: &Owner{Name: name}, Balance: 0}
	return &Ledger{
		accounts: []*Account{first, {ID: 2}},
		byID:     map[int]*Account{1: first},
		last:     first,
	}
}

// Find looks an account up.
func (l *Ledger) Find(id int) (*Account, error) {
	a, ok := l.byID[id]
	if !ok {
		return nil, fmt.Errorf("find %d: %w", id, ErrMissing)
	}
	return a, nil
}

// Rename changes the owner's name; it has a value receiver.
func (a Account) Rename(name string) string {
	return strings.TrimSpace(name) + a.Owner.Email
}

// Label describes a value of any kind.
func Label(x any) string {
	switch v := x.(type) {
	case *Account:
		return v.Owner.Name
	case *Ledger:
		a, err := v.Find(1)
		if err != nil {
			return err.Error()
		}
		return a.Rename("x")
	case Owner:
		return v.Email
	}
	return ""
}

// Query reads a parameter from a raw query.
func Query(raw string) string {
	url, err := url.ParseQuery(raw)
	if err != nil {
		return ""
	}
	return url.Get("q")
}

// Total adds the balances.
func Total(l *Ledger) float64 {
	total := 0.0
	for _, a := range l.accounts {
		total += a.Balance
	}
	report := fmt.Sprintf("%d accounts, total %.2f",
		len(l.accounts),
		total)
	_ = report
	return total
}
