package checker

import "testing"

// TestShapesAfterGoji drives the classes the twelfth blind set (goji)
// showed missed through CheckText, on code shapes of their own
// (testdata/shapes/kiosk.go): a cited line inside the subject that calls
// a method of its own name, a declaration quoted whole, a package
// variable's value after an appositive, a variadic call quoted with a
// value left out, a literal's keys, a call said to be returned, a list of
// embedded types, names listed before a relative clause, a value returned
// unchanged, an interface method's results and a boolean on a cited line.
func TestShapesAfterGoji(t *testing.T) {
	checkCases(t, shapes(t), []classCase{
		{"cited line in a same-named method", "`Counter.ServeHTTP` counts the request with `c.served++` at kiosk.go:88 and then calls `c.Handler.ServeHTTP(w, r)`.", false},
		{"cited line in a same-named method", "`Counter.ServeHTTP` counts the request with `c.served++` at kiosk.go:87 and then calls `c.Handler.ServeHTTP(w, r)`.", true},
		{"declaration quoted whole", "The separators are the constant `sep = \"-_.\"` (kiosk.go:10).", false},
		{"declaration quoted whole", "The separators are the constant `sep = \"-_,\"` (kiosk.go:10).", true},
		{"value after an appositive", "`KioskKey`, the key the kiosk is stored under, is `keyKind(1)`.", false},
		{"value after an appositive", "`KioskKey`, the key the kiosk is stored under, is `keyKind(2)`.", true},
		{"variadic call", "`Readable` calls `allowed(\"GET\", \"HEAD\")`.", false},
		{"variadic call", "`Readable` calls `allowed(\"GET\")`, so HEAD is not allowed.", true},
		{"literal keys", "`newClosedKiosk` allocates `&Kiosk{name: name, stock: map[string]int{}}`.", false},
		{"literal keys", "`newClosedKiosk` allocates `&Kiosk{name: name, open: true}`.", true},
		{"returned call", "`Ticket` returns `nil` when the context holds no ticket.", false},
		{"returned call", "`Ticket` returns `http.NotFoundHandler()` when the context holds no ticket.", true},
		{"embedded list", "`Counter` embeds `*Kiosk` and `http.Handler`.", false},
		{"embedded list", "The `Counter` struct at kiosk.go:71 embeds `*Kiosk` and a `Handler` by value.", false},
		{"embedded list", "`Counter` embeds `*Kiosk` and `http.HandlerFunc`.", true},
		{"embedded list", "`Counter` embeds `*Kiosk` and a `Handler` by pointer.", true},
		{"names before a relative clause", "The Seller and Stocker interfaces that a kiosk may satisfy are declared in kiosk_iface.go.", false},
		{"names before a relative clause", "The Seller and Stocker interfaces that a kiosk may satisfy are declared in kiosk.go.", true},
		{"returned unchanged", "When there is no kiosk, `Pick` returns the incoming `r` unchanged (kiosk.go:80).", false},
		{"returned unchanged", "`Pick` returns the incoming `r` unchanged (kiosk.go:82).", true},
		{"interface results", "The `Seller` interface has two methods, `Sell(item string) (int, error)` and `Name() string`.", false},
		{"interface results", "The `Seller` interface has two methods, `Sell(item string) (int, error)` and `Name() []byte`.", true},
		{"boolean on a cited line", "At kiosk.go:80 a missing kiosk gives back `r` together with `false`.", false},
		{"boolean on a cited line", "At kiosk.go:80 a missing kiosk gives back `r` together with `true`.", true},
	})
}
