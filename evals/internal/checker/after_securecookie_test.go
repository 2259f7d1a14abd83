package checker

import "testing"

// TestClassesAfterSecurecookie drives the classes the run on the frozen
// set about gorilla/securecookie missed or wrongly flagged through
// CheckText, on code shapes written for them (testdata/shapes/vault.go),
// true sentences beside false ones: a line cited in another type's method
// of the same name; a function named in lower-case prose with a cited
// line; the number a function sets a field to; an error variable's
// message; "returns an error" of a function without an error result; a
// local of another function written in an assignment; the order of two
// steps; the values a function returns; the result types of an interface
// method.
func TestClassesAfterSecurecookie(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"line of another type's method", "`Zipped.Pack` refuses an empty input with `vaultError{kind: 2}` at vault.go:106.", true},
		{"line of another type's method", "`Plain.Pack` refuses an empty input with `vaultError{kind: 2}` at vault.go:106.", false},
		{"line of another type's method", "`Zipped.Pack` refuses an empty input with `vaultError{kind: 3}` at vault.go:114.", false},
		{"line of another type's method", "`(*Vault).OpenBox` returns `errSealed` at vault.go:57.", false},
		{"line of another type's method", "`Vault.OpenBox` returns `errSealed` at vault.go:74.", true},

		{"lower-case name in prose", "wrap, declared at line 138 of `vault.go`, undoes `unwrap`.", false},
		{"lower-case name in prose", "wrap, declared at line 72 of `vault.go`, undoes `unwrap`.", true},
		{"lower-case name in prose", "wrap (declared at vault.go:138) undoes `unwrap`.", false},
		{"lower-case name in prose", "In wrap, the prefix is put back with `unwrap` at vault.go:139.", true}, // a line of wrap that must hold it
		{"lower-case name in prose", "unwrap, declared at line 80 of `vault.go`, trims the prefix with strings.TrimPrefix.", false},
		{"lower-case name in prose", "unwrap, declared at line 72 of `vault.go`, trims the prefix with strings.TrimPrefix.", true},

		{"number set", "`NewVault` sets `capacity` to 512 by default.", false},
		{"number set", "`NewVault` sets `capacity` to 500 by default.", true},
		{"number set", "`NewVault` sets `tries` to 180.", false},
		{"number set", "`NewVault` sets `tries` to 60, three minutes.", true},
		{"number set", "`NewVault` sets `tries` to 60 * 3.", false}, // an expression: not read
		{"number set", "`NewVault` sets `sealed` to 0.", false},     // never assigned: the zero value
		{"number set", "`Grow` sets `capacity` to 512.", false},     // a parameter: anything
		{"number set", "`NewLedger` sets `Balance` to 0.", false},

		{"error message", "`errSealed` carries the message `\"the vault is sealed\"`.", false},
		{"error message", "`errSealed` carries the message `\"vault: the vault is sealed\"`.", false}, // with its Error prefix
		{"error message", "`errSealed` carries the message `\"The vault is sealed\"`.", false},
		{"error message", "`errSealed` carries the message `\"the vault is locked\"`.", true},
		{"error message", "`errNoKey` has the message \"no key in the box\".", false},
		{"error message", "`errNoKey` has the message \"key missing\".", true},
		{"error message", "`errBadBox` carries the message `\"bad box: unexpected EOF\"`.", false}, // a format verb: not judged
		{"error message", "`ErrMissing` carries the message `\"missing account\"`.", false},

		{"returns an error", "`Pad` returns an error when `io.ReadFull(r, p)` fails.", true},
		{"returns an error", "`Pad` returns nil when `io.ReadFull(r, p)` fails.", false},
		{"returns an error", "`checkSum` returns an error when the box has no `#`.", false},
		{"returns an error", "`Pad` reads with `io.ReadFull` and returns an error when it fails.", true},
		{"returns an error", "`Protect` returns an error when the writer fails.", false}, // no results: a handler writes its errors
		{"returns an error", "`Pad` returns an error page to the client.", false},
		{"returns an error", "`Pad` returns an error for a short reader.", true},
		{"returns an error", "`Sweep` calls `checkSum`, which returns an error for a box without a sum.", false},
		{"returns an error", "`Vault.Write` returns an error when the client is gone.", true},
		{"returns an error", "`w.Write` returns an error when the client is gone.", false}, // a variable of another type, perhaps
		{"returns an error", "`welcome` calls `w.Write`, and `w.Write` returns an error when the client is gone.", false},

		{"local of another function", "`Seal` stores the length in `stamp := len(data)`.", false},
		{"local of another function", "`OpenBox` stores the length in `stamp := len(box)`.", true},
		{"local of another function", "`OpenBox` keeps the rest in `body, err := checkSum(box)`.", false},
		{"local of another function", "`OpenBox` stores the prefix in `cut := len(box)`.", false}, // a name of no code

		{"order of steps", "`OpenBox` checks the sum before it unwraps the body.", false},
		{"order of steps", "`OpenBox` unwraps the body before it checks the sum.", true},
		{"order of steps", "`OpenBox` unwraps the body after checking the sum.", false},
		{"order of steps", "`OpenBox` checks the sum after it unwraps the body.", true},
		{"order of steps", "`Sweep` checks the sum before it unwraps the body.", false}, // one loop holds both
		{"order of steps", "`OpenBox` checks the box before it returns.", false},

		{"returned values", "`OpenBox` returns `nil, errSealed` when the vault is sealed.", false},
		{"returned values", "`OpenBox` returns `nil, errNoKey` when the sum is missing.", false}, // through err
		{"returned values", "`checkSum` returns `\"\", errSealed` when there is no sum.", true},
		{"returned values", "`checkSum` returns `\"\", errNoKey` when there is no sum.", false},
		{"returned values", "`checkSum` returns `errNoKey` when there is no sum.", false},
		{"returned values", "`checkSum` returns `errSealed` when there is no sum.", true},
		{"returned values", "`Pad` returns `nil` when the reader runs short.", false},
		{"returned values", "`checkSum` returns `box[:i], nil` otherwise.", false},

		{"result types", "The `Opener` interface's `OpenBox(box string)` returns `([]byte, error)`.", false},
		{"result types", "The `Opener` interface's `OpenBox(box string)` returns `(string, error)`.", true},
		{"result types", "`Opener.Boxes` returns `(int)`.", false},
		{"result types", "`Opener.Boxes` returns `(int, error)`.", true},
		{"result types", "`checkSum` returns `(string, error)`.", false},
		{"result types", "`checkSum` returns `([]byte, error)`.", true},
		{"result types", "`OpenBox` returns `(io.Reader, error)`.", false}, // an interface: may be what is inside
		{"result types", "`io.Copy` returns `(int64, error)`, not the `(bool)` of the module's `Copy`.", false},
		{"result types", "`io.ReadFull` returns `(int, error)`.", false},
	}
	checkCases(t, c, cases)
}
