package offline

import "testing"

// TestNilTestedInTheConditionIsNotTheNil: a value the failing line tests
// against nil before reading through it, in the same condition, is not
// the nil one; the value it is read from is.
func TestNilTestedInTheConditionIsNotTheNil(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/rota\n\ngo 1.22\n",
		"rota/rota.go": `package rota

// Shift is a shift of the rota.
type Shift struct{ Owner *int }

// Free reports whether s has no owner.
func Free(s *Shift) bool {
	if s.Owner == nil || *s.Owner == 0 { //!site
		return true
	}
	return false
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "site", "example.com/rota/rota.Free"))
	text := Analyze(r)
	mustHave(t, text, "`s.Owner` is not it: the line tests it against `nil` before it reads through it (`s.Owner == nil ||`)")
	mustLack(t, text, "one of `s`, `s.Owner`")
	assertGroundedIn(t, r, text, files)
}
