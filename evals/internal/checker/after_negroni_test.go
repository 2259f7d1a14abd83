package checker

import "testing"

// TestClassesAfterNegroni drives the classes the run on the frozen set
// about urfave/negroni missed or wrongly flagged through CheckText, on
// code shapes written for them (testdata/shapes/beacon.go), true
// sentences beside false ones: the value of a constant or of a package
// variable given a constant; the path a package name imports; a quoted
// call whose arguments the code writes in another order or with another
// number; a quoted string one word away from the code's; a func-typed
// field's parameter types; the methods an interface lists; a default
// string in a constructor's literal; the values for which a function
// returns true; the order of two quoted statements; what a function adds
// to a field; a loop's direction; a call said to come straight away; and
// a step named by a local variable made before the call it is said to
// precede (the false flag).
func TestClassesAfterNegroni(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"constant value", "A beacon listens on `BeaconPort`, which is `\":9090\"`.", false},
		{"constant value", "A beacon listens on `BeaconPort`, which is `\":3000\"`.", true},
		{"constant value", "`BeaconLayout` is `time.Kitchen`, the layout of its stamps.", false},
		{"constant value", "`BeaconLayout` is `time.RFC1123`, the layout of its stamps.", true},
		{"constant value", "`BeaconLayout` should be `time.RFC1123`, a longer layout.", false}, // a fix
		{"constant value", "`BeaconPort` (`\":9090\"`) is the default.", false},
		{"constant value", "`BeaconPort` (`\":8080\"`) is the default.", true},

		{"import path", "`Borrow` adds a little noise with `rand.Intn`, `rand` being `math/rand`.", false},
		{"import path", "`Borrow` adds a little noise with `rand.Intn`, `rand` being `crypto/rand`.", true},
		{"import path", "Import `rand` from `crypto/rand` instead.", false}, // a fix

		{"quoted call", "`Chain` returns `Link(NewBeacon(), Spare(), Borrow(2))`.", false},
		{"quoted call", "`Chain` returns `Link(Spare(), NewBeacon(), Borrow(2))`.", true},
		{"quoted call", "`Chain` returns `Link(NewBeacon(), Spare(), Borrow(3))`.", true}, // Chain's own Borrow(2) (since schema)
		{"quoted call", "`NewBeacon` makes the slots with `make([]string, 4)`.", false},
		{"quoted call", "`NewBeacon` makes the slots with `make([]string, 8)`.", true},
		{"quoted call", "`NewBeacon` should make the slots with `make([]string, 8)`.", false}, // a fix
		{"quoted call", "`Chain` returns `Link(a, b, c)`.", false},                            // other names: not read

		{"quoted string", "`Lose` logs `\"beacon %s lost its signal\"`.", false},
		{"quoted string", "`Lose` logs `\"beacon %s lost the signal\"`.", true},
		{"quoted string", "`Lose` logs `\"beacon north lost its signal\"`.", false}, // a verb filled in
		{"quoted string", "`Lose` logs `\"Beacon %s lost its signal\"`.", false},    // case aside

		{"func field type", "`Beacon.OnLost` is a `func(*Signal)`, called when the signal is lost.", false},
		{"func field type", "`Beacon.OnLost` is a `func(s *Signal)`, called when the signal is lost.", false},
		{"func field type", "`Beacon.OnLost` is a `func(Signal)`, called when the signal is lost.", true},

		{"interface methods", "The `Emitter` interface embeds `Stamper` and adds `Emit` and `Strength`.", false},
		{"interface methods", "The `Emitter` interface declares `Emit()`, `Stamp()` and `Strength()`.", false},
		{"interface methods", "The `Emitter` interface embeds `Stamper` and adds `Emit`, `Strength` and `Flush`.", true},

		{"default in a literal", "`NewBeacon` returns a `*Beacon` with `Label` set to `\"north\"`.", false},
		{"default in a literal", "`NewBeacon` returns a `*Beacon` with `Label` set to `\"south\"`.", true},
		{"default in a literal", "`NewBeacon` sets `Label` to `\"north\"`.", false},

		{"true when", "`Loud` returns true as soon as `b.level` is 300 or more.", false},
		{"true when", "`Loud` returns true as soon as `b.level` is 100 or more.", true},
		{"true when", "`Loud` returns true when `b.level` is greater than 299.", false},
		{"true when", "`Loud` returns true when `b.level` is at least 150.", true},

		{"order of quoted statements", "`Beacon.Fire` sets `b.queued = s` before `b.notify()` runs the hooks.", false},
		{"order of quoted statements", "`Beacon.Fire` sets `b.level = s` before `b.notify()` runs the hooks.", true},
		{"order of quoted statements", "`Beacon.Fire` calls `b.notify()` after it sets `b.level = s`.", true},
		{"order of quoted statements", "`Beacon.Fire` should set `b.level = s` before `b.notify()` runs.", false}, // a fix

		{"adds to", "`Beacon.Send` adds `n` to `b.sent`.", false},
		{"adds to", "`Beacon.Send` adds `len(p)` to `b.sent`, whatever went out.", true},

		{"loop direction", "`notify` runs the hooks in reverse order of registration.", false},
		{"loop direction", "`notify` runs the hooks from the first registered to the last.", true},
		{"loop direction", "`Beacon.Replay` runs the hooks in reverse order.", false}, // reversed before the loop

		{"straight away", "`Beacon.Flush` calls `b.out(nil)` straight away, without firing first.", true},
		{"straight away", "`Beacon.Fire` calls `b.notify()` once it has set the level.", false},
		{"straight away", "`Beacon.Send` calls `b.out(p)` straight away.", false},

		{"step named by a local", "`Beacon.Time` takes the start time before it calls next.", false},
	}
	checkCases(t, c, cases)
}
