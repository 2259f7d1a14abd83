package checker

import "testing"

// shapes loads testdata/shapes once.
func shapes(t *testing.T) *Checker { return cached(t, "testdata/shapes") }

// TestShapeClasses drives the classes the out-of-sample audit found
// missed or wrongly flagged through CheckText, on code shapes written for
// them (testdata/shapes): what a cited line holds, names in plain prose,
// composite literal keys, field types behind pointers, pointer receivers,
// type switch variables and a local variable named like a package.
func TestShapeClasses(t *testing.T) {
	c := shapes(t)
	cases := []struct {
		class, text string
		fabricated  bool
	}{
		{"cited line", "`ErrMissing` is wrapped into the error at shapes.go:57.", false},
		{"cited line", "`ErrMissing` is wrapped into the error at shapes.go:55.", true},
		{"cited line", "`l.byID[id]` is read at shapes.go:55.", false},
		{"cited line", "`l.byID[id]` is read at shapes.go:57.", true},
		{"cited line", "`len(l.accounts)` is an argument of the `fmt.Sprintf` call at shapes.go:99.", false},
		{"cited line", "The error text `missing account` is made at shapes.go:41.", false},
		{"cited line", "The error text `missing account` is made at shapes.go:57.", true},
		{"cited line", "`Find` wraps `ErrMissing` at line 57 of `shapes.go`.", false},
		{"cited line", "`Find` wraps `ErrMissing` at line 59 of `shapes.go`.", true},
		{"cited line", "`Label` calls `v.Find(1)` at line 73.", false},
		{"cited line", "`Label` calls `v.Find(1)` at line 71.", true},
		{"cited line (after rscors)", "`Query` returns `url.Get(\"q\")` after `url.ParseQuery(raw)` (shapes.go:90).", false},
		{"cited line (after rscors)", "`Query` returns `url.Get(\"q\")` after `url.ParseQuery(raw)` (shapes.go:88).", true},
		{"func type (after rscors)", "`Ledger.Find` has the type `func(id int) (*Account, error)`.", false},
		{"prose", "NewLedger stores the first account in byID.", false},
		{"prose", "NewLedger stores the first account in byId.", true},
		{"prose", "The Find method wraps ErrMissing with fmt.Errorf.", false},
		{"prose", "The Find method returns ErrNotFound for an unknown id.", true},
		{"prose", "Find wraps ErrMissing with fmt.Wrapf.", true},
		{"prose", "Total sums a.Balance over l.accounts.", false},
		{"prose", "Total sums a.Amount over l.accounts.", true},
		{"prose", "Label lives in internal/shapes/label.go.", true},
		{"prose", "Label returns the Email of an Owner, e.g. one decoded from JSON, as on GitHub or in JavaScript; see example.com/docs, v1.2.", false},
		{"literal", "`NewLedger` builds `&Ledger{accounts: []*Account{first, {ID: 2}}, byID: map[int]*Account{1: first}, last: first}`.", false},
		{"literal", "`NewLedger` builds `&Account{ID: 1, Owner: &Owner{Name: name, Balance: 0}}`.", true},
		{"literal", "`NewLedger` builds `&Account{ID: 1, Created: 0}`.", true},
		{"literal", "`NewLedger` lists `[]*Account{first, {Id: 2}}`.", true},
		{"literal", "It returns:\n\n```go\nreturn &Ledger{accounts: nil, byID: map[int]*Account{}}\n```\n", false},
		{"literal", "It returns:\n\n```go\nreturn &Ledger{accounts: nil, index: map[int]*Account{}}\n```\n", true},
		{"pointer field (after nosurf)", "`a.Owner` in `Rename` is a `*Owner`.", false},
		{"pointer field (after nosurf)", "`a.Owner` in `Rename` is an `Owner`.", true},
		{"cited line (after nosurf)", "`fmt.Errorf(\"find %d: %w\", id, ErrMissing).Error()` is at shapes.go:57.", false},
		{"cited line (after nosurf)", "`fmt.Errorf(\"find %d: %w\", id, ErrMissing).Error()` is at shapes.go:55.", true},
		{"import alias (after nosurf)", "`Shout` calls `strs.ToUpper(strings)`.", false},
		{"import alias (after nosurf)", "`Shout` calls `strs.Upper(strings)`.", true},
		{"constant value (after nosurf)", "`retries` is 3, so it tries three times.", false},
		{"constant value (after nosurf)", "`retries` is 4, so it tries four times.", true},
		{"constant value (after nosurf)", "`Limit` is 16.", false},
		{"constant value (after nosurf)", "`Limit` is 16 entries long, or `Limit` is 0x10.", false},
		{"constant value (after nosurf)", "`Limit` = 8 in this version.", true},
		{"constant value (after nosurf)", "`Shout` is 3 lines long and `ErrMissing` is 1 of its errors.", false},
		{"prose (after secure)", "The Find method calls lookupAccount.", true},
		{"prose (after secure)", "Total sums a.Balance over l.amounts.", true},
		{"cited line (after secure)", "`Find` wraps `ErrMissing` when the lookup in `l.byID` fails (shapes.go:57).", false},
		{"cited line (after secure)", "`Find` wraps `ErrMissing` when the lookup in `l.byID` fails (shapes.go:59).", true},
		{"field type (after secure)", "`Headers.Values` is a `map[string][]string`.", false},
		{"field type (after secure)", "`Headers.Values` is a `map[string]string`.", true},
		{"arity (after secure)", "`Shout` prints with `os.Stdout.WriteString(strings)`.", false},
		{"arity (after secure)", "`Shout` prints with `os.Stdout.WriteString(strings, true)`.", true},
		{"interface field (after gziphandler)", "`Feed.Source` is an `io.Reader`.", false},
		{"interface field (after gziphandler)", "`Feed.Source` is a `*strings.Reader`, which implements it.", false},
		{"interface field (after gziphandler)", "`Feed.Source` is a `string`.", true},
		{"pointer field", "`Account.Owner` is a `*Owner`.", false},
		{"pointer field", "`Account.Owner` is an `Owner`.", true},
		{"pointer field", "`l.last.Owner.Name` is a `string`.", false},
		{"pointer field", "`l.last.Owner.Name` is a `[]byte`.", true},
		{"pointer field", "`Ledger.byID` is a `map[int]*Account`.", false},
		{"pointer field", "`Ledger.byID` is a `map[int]Account`.", true},
		{"pointer field", "`Account.Tags` is a `map[string]*Owner`.", false},
		{"pointer receiver", "`func (l *Ledger) Find(id int) (*Account, error)` looks it up.", false},
		{"pointer receiver", "`func (l Ledger) Find(id int) (*Account, error)` looks it up.", true},
		{"pointer receiver", "`func (a Account) Rename(name string) string` trims it.", false},
		{"pointer receiver", "`func (a *Account) Rename(name string) string` trims it.", true},
		{"type switch", "In `Label`, `v.Owner.Name` is returned for an account.", false},
		{"type switch", "In `Label`, `v.Find(1)` is called for a ledger.", false},
		{"type switch", "In `Label`, `v.Email` is returned for an owner.", false},
		{"type switch", "In `Label`, `v.Close()` is called for a ledger.", true},
		{"shadowed package", "In `Query`, `url.Get(\"q\")` reads the parameter.", false},
		{"shadowed package", "`url.ParseQuery(raw)` parses the query in `Query`.", false},
		{"shadowed package", "In `Query`, `url.Download(\"q\")` reads the parameter.", true},
	}
	for _, tc := range cases {
		got, res := flagged(c, tc.text)
		if got != tc.fabricated {
			t.Errorf("%s: %q: flagged %v, want %v: %+v", tc.class, tc.text, got, tc.fabricated, res)
		}
	}
}
