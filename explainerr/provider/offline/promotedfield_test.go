package offline

import "testing"

// TestNilEmbeddedPointerOfAFieldRead: a field the failing line reads
// through a struct that does not declare it, but embeds a pointer to one
// that does, is read through that pointer: the embedded pointer is the
// nil, not the struct the line names, which was read through before.
func TestNilEmbeddedPointerOfAFieldRead(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/vault\n\ngo 1.22\n",
		"main.go": `package main

import "net/http"

// Props are what every factor has.
type Props struct {
	Kind   string
	Secret string
}

// Totp is a one-time password factor.
type Totp struct {
	*Props
	period int
}

// NewTotp makes a factor.
func NewTotp() *Totp {
	return &Totp{period: 30}
}

func setup(w http.ResponseWriter, r *http.Request) {
	f := NewTotp()
	if f.period == 0 {
		return
	}
	w.Write([]byte(f.Kind)) //!read
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "read", "setup"))
	text := Analyze(r)
	mustHave(t, text, "the embedded `Props` of a `Totp` is nil", "`Totp` has no field `Kind` of its own: it embeds a pointer to `Props`")
	mustLack(t, text, "`f` is nil")
	assertGroundedIn(t, r, text, files)
}
