package checker

import "testing"

// TestDoingClasses drives the claims about what a function's own code does
// through CheckText, on code shapes written for them
// (testdata/shapes/doing.go): code a clause says its subject uses must be
// written in the subject or a module function it reaches (through a
// helper, an interface method, a function value of the same signature, a
// package variable's initializer), with the strings it quotes (or a
// constant whose value it is: `POST`); a line such a clause cites must
// fall inside one of them; and the member of a type assertion's result
// must be the asserted type's.
func TestDoingClasses(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"uses", "`Sorted` sorts its copy with `sort.Strings`.", false},
		{"uses", "`Sorted` sorts its copy with `sort.SliceStable`.", true},
		{"uses", "sortNames sorts its argument with sort.Strings.", false},
		{"uses", "sortNames sorts its argument with sort.Slice.", true},
		{"uses", "The function `Sorted` calls `sortNames(out)`.", false},
		{"uses", "`Encode` uses `base64.URLEncoding.EncodeToString(b)`.", false},
		{"uses", "`Encode` uses `base64.StdEncoding.EncodeToString(b)`.", true},
		{"uses", "`Quantity` reads the field with `r.FormValue(\"quantity\")`.", false},
		{"uses", "`Quantity` reads the field with `r.FormValue(\"qty\")`.", true},
		{"uses", "`Quantity` passes `r.FormValue(\"quantity\")` to `strconv.Atoi`.", false},
		{"uses", "`Quantity` passes `r.Context()` to `strconv.Atoi`.", true},
		{"uses", "`Keep` sets `seen[key]` through the interface.", false},
		{"uses", "`Sorted` calls `sortNames(first)`, a local name paraphrased.", false},
		{"uses", "`NewLedger` sets `Balance` to 0.", false},
		{"uses", "`NewLedger` sets `Created` to 0.", true},
		{"uses", "`Encode` encodes `b` with `enc`.", false},
		{"uses", "`Keep` encodes `key` with `enc`.", true},
		{"uses", "`Protect` calls `w.Header().Set(key, value)` and `f.Flush()`.", false},
		{"uses", "`Protect` calls `w.Header().Set(\"X-Frame-Options\", \"DENY\")`.", false},
		{"uses", "`Protect` calls `w.Header().Set(\"X-Frame-Options\", \"SAMEORIGIN\")`.", true},
		{"uses", "`Protect` calls `f.Flush()` when the writer is an `http.Flusher`.", false},
		{"uses through a function value", "`Admit` writes `http.StatusText(http.StatusOK)` through the handler in `gate`.", false},
		{"uses through a function value", "`Refuse` writes `http.StatusText(http.StatusForbidden)` through `failure`.", false},
		{"uses through a function value", "`Refuse` writes with `http.Redirect`.", true},
		{"quoted part of a string", "`OnlyPost` writes `http.Error(w, \"Only\", http.StatusMethodNotAllowed)`, a shortened message.", false},
		{"quoted part of a string", "`OnlyPost` writes `http.Error(w, \"Only PUT\", http.StatusMethodNotAllowed)`.", true},
		{"constant value", "The form is sent with `POST`.", false},
		{"constant value", "The form is sent with `POSTED`.", true},
		{"constant value", "`OnlyPost` compares `r.Method` with `POST`.", false},
		{"constant value", "`OnlyPost` compares `r.Method` with `GET`.", true},
		{"uses, not checked", "`Keep` never calls `sort.Strings`.", false},
		{"uses, not checked", "`strings.Join` uses `strings.Builder.Grow`.", false},
		{"uses", "`Join` uses `filepath.Clean`.", true},
		{"uses", "`l.Find` uses `ErrMissing`.", false},
		{"uses", "`l.Find` uses `Limit`.", true},
		{"uses", "`shapes.Sorted` sorts with `sort.SliceStable`.", true},
		{"uses, not checked", "`Quantity` does not use `r.FormValue(\"qty\")`.", false},
		{"uses, not checked", "`Sorted` copies `names`, so `sort.Strings` runs on the copy.", false},
		{"uses, not checked", "`Keep` calls `s.Save(key)` and `Sorted` calls `sortNames`.", false},
		{"uses, not checked", "`Keep` returns an error wrapping `base64.CorruptInputError`.", false}, // was said of `Sorted`, which has no error result
		{"uses, not checked", "`Sorted` is called with `r.FormValue(\"qty\")`.", false},
		{"line of the subject", "`Sorted` calls `sortNames` at doing.go:21.", false},
		{"line of the subject", "`Sorted` sorts with `sort.Strings` at doing.go:26.", false},
		{"line of the subject", "`Sorted` calls `sortNames` at doing.go:31.", true},
		{"line of the subject", "`Keep` calls `s.Save` at doing.go:44.", false},
		{"line of the subject", "`Quantity` calls `strconv.Atoi` at doing.go:15.", true},
		{"line of the subject", "`Encode` uses `enc` (doing.go:11).", false},
		{"line of the subject", "`Keep` calls `s.Save` on a `Saver` (doing.go:36).", false},
		{"line of the subject, no file", "`Protect` calls `w.Header()` at line 55.", false},
		{"line of the subject, no file", "`Unprotect` calls `w.Header()` at line 63.", false},
		{"line of the subject, no file", "`Unprotect` calls `w.Header()` at line 55.", true},
		{"line of the subject, no file", "`Sorted` calls `sort.Strings` at line 26.", false},
		{"line of the subject, no file", "`Find` returns the wrapped error at line 57.", false},
		{"returned at a line", "`Find` returns the wrapped error at shapes.go:57.", false},
		{"returned at a line", "`Find` returns an error (shapes.go:54).", false},
		{"returned at a line", "`Find` returns the error early at shapes.go:56 when the lookup fails.", false},
		{"returned at a line", "`Total` returns the sum at shapes.go:99.", false},
		{"returned at a line", "`Find` returns the error at shapes.go:97.", true},
		{"returned at a line", "`Find` returns the account found in `l.byID` (shapes.go:55).", false},
		{"returned at a line", "`Find` returns a value whose lookup happens at shapes.go:55.", false},
		{"returned at a line", "`Find` returns an error wrapping `io.EOF`.", false},
		{"assertion member", "`Protect` flushes with `w.(http.Flusher).Flush()`.", false},
		{"assertion member", "It calls `w.(http.Flusher).FlushAll()`.", true},
		{"assertion member", "`Label` returns `x.(*Account).Rename(\"x\")`.", false},
		{"assertion member", "`Label` returns `x.(*Account).Renamed(\"x\")`.", true},
	}
	checkCases(t, c, cases)
}
