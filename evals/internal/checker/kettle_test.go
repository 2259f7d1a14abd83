package checker

import "testing"

// TestStringsAtTheirLines drives, on code shapes of their own
// (testdata/shapes/kettle.go), the strings a sentence quotes beside the
// line it cites: a message, a value returned or a constant's, judged
// against the literals of the statement there (a quote with its
// formatting verbs filled in, or a part of the message, is the message);
// and a call quoted with its last arguments left out, or of a package's
// function at its line, judged on the arguments it gives; a function's
// line cited after its kind and name, and the first line of the branch
// that a condition calling a function leads to, cited with the call; and
// a method written with its receiver ("`(*pit).Empty`", in package pit
// testdata/shapes/pit), which no package's function of that name is;
// a literal's "key: value" said of the function that writes it, with
// another value, or a key the literal leaves out and nothing sets; and a
// constant said to have a value, after its type or after "has"; and the
// lock a method is said to take, with the call that takes it; and two
// steps said in order with "first … and only then …", an index among
// them; a field's type said as "declares its `F` field as a `T`"; and
// what a function writes, listed with "then"; and a condition said to be
// the only one its line tests.
func TestStringsAtTheirLines(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"message of a call over two lines", "`(*kettle).Pour` fails with the error \"kettle: no water for %q\" for an unknown cup (kettle.go:28).", false},
		{"message of a call over two lines", "`(*kettle).Pour` fails with the error \"kettle: no tea for %q\" for an unknown cup (kettle.go:28).", true},
		{"message with its verbs filled", "For the cup \"mint\", `Pour` fails with \"no water for \\\"mint\\\"\" (kettle.go:28).", false},
		{"value returned at its line", "`Summary` returns \"(0 notes)\" for a kettle without notes (kettle.go:44).", false},
		{"value returned at its line", "`Summary` returns \"(no notes)\" for a kettle without notes (kettle.go:44).", true},
		{"constant at its line", "The default key `kettleKey`, declared at kettle.go:10, is \"_note\".", false},
		{"constant at its line", "The default key `kettleKey`, declared at kettle.go:10, is \"_notes\".", true},
		{"quote of another line than the one cited", "`Pour` takes the write lock (kettle.go:24) before it can fail with \"kettle %s holds too little water\".", false},
		{"call with its last arguments left out", "`Pour` returns `fmt.Errorf(\"kettle %s holds too little water\", ...)` at kettle.go:33 for a cup that holds too little.", false},
		{"call with its last arguments left out", "`Pour` returns `fmt.Errorf(\"kettle %s holds too little tea\", ...)` at kettle.go:33 for a cup that holds too little.", true},
		{"package's call at its line", "`errKettleCold` is created with `errors.New(\"kettle cold\")` at kettle.go:13.", false},
		{"package's call at its line", "`errKettleCold` is created with `errors.New(\"kettle not hot\")` at kettle.go:13.", true},
		{"a line in parentheses is of what comes before", "`Summary` returns \"(0 notes)\" for a kettle without notes (kettle.go:44), and \"%d notes\" for more than one.", false},
		{"a function's line after its kind and name", "The method `Summary` (kettle.go:41) counts the notes, while `Pour` takes water.", false},
		{"the branch a call's condition leads to", "`Fill` returns an error when `validCup(name)` is false (kettle.go:54).", false},
		{"the branch a call's condition leads to", "`Fill` returns an error when `validCup(name)` is false (kettle.go:57).", true},
		{"a method written with its receiver in a package of its type's name", "`(*pit).Empty` calls `p.mu.Unlock()` before `p.onEmpty(name)`.", false},
		{"a method written with its receiver in a package of its type's name", "`(*pit).Empty` calls `p.onEmpty(name)` before `p.mu.Unlock()`.", true},
		{"a literal's key and value", "`defaultKettleOptions` gives a new kettle `Size: 2 * 1000` and `Label: \"kettle\"`.", false},
		{"a literal's key and value", "`defaultKettleOptions` gives a new kettle `Size: 3 * 1000` and `Label: \"kettle\"`.", true},
		{"a literal's key and value", "`defaultKettleOptions` should give a new kettle `Size: 3 * 1000`.", false},
		{"a key the literal leaves out", "`defaultKettleOptions` gives a new kettle `Size: 2 * 1000`, `Label: \"kettle\"` and `Hot: false`.", false},
		{"a key given a value in words", "`defaultKettleOptions` gives a new kettle a `Size` of `2 * 1000`.", false},
		{"a key given a value in words", "`defaultKettleOptions` gives a new kettle a `Size` of `3 * 1000`.", true},
		{"a key the literal leaves out", "`defaultKettleOptions` gives a new kettle `Size: 2 * 1000`, `Label: \"kettle\"` and `Spout: true`.", true},
		{"a typed constant's value", "`fullKettle` is declared at kettle.go:87 as a `litre` constant with the value `2`.", false},
		{"a typed constant's value", "`fullKettle` is declared at kettle.go:87 as a `litre` constant with the value `3`.", true},
		{"a constant's value after has", "`fullKettle` has the value `3`.", true},
		{"the lock taken", "The unexported `cups` method of `*kettle` takes the read lock with `k.mu.RLock()` before it counts.", false},
		{"the lock taken", "The unexported `cups` method of `*kettle` takes the write lock with `k.mu.Lock()` before it counts.", true},
		{"steps in order in words", "`Pour` first takes the lock with `k.mu.Lock()` and only then reads the cup with `k.litres[name]`.", false},
		{"steps in order in words", "`Pour` first reads the cup with `k.litres[name]` and only then calls `k.mu.Lock()`.", true},
		{"a field's type after its", "The `kettleOptions` struct declares its `Size` field as an `int`.", false},
		{"a field's type after its", "The `kettleOptions` struct declares its `Size` field as a `uint`.", true},
		{"things written in order", "`tag` writes `kettleKey`, then `name`, then `k.notes[0]`.", false},
		{"things written in order", "`tag` writes `name`, then `kettleKey`, then `k.notes[0]`.", true},
		{"a condition said to be the only one", "`spill` empties every cup for which `k.litres[name] > most` holds (kettle.go:105), with no other check.", true},
		{"a condition said to be the only one", "`spill` empties every cup for which `k.litres[name] > most` holds (kettle.go:105).", false},
		{"steps in order in words", "`Pour` reads the cup with `k.litres[name]` first and only then takes the lock with `k.mu.Lock()`.", true},
	})
}
