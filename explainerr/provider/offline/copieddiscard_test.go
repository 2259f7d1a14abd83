package offline

import "testing"

// TestNilCopiedFromADiscardedResult: the nil value was set from another
// variable (owner = o) that a call gave with its error dropped (o, _ :=
// …) further up, in one arm of a switch: the dropped error is the cause,
// not the copy.
func TestNilCopiedFromADiscardedResult(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/depot\n\ngo 1.22\n",
		"web/web.go": `package web

import "errors"

// Owner is who holds a crate.
type Owner struct{ Name string }

var errNone = errors.New("no owner")

func byTag(tag string) (*Owner, error) {
	if tag == "" {
		return nil, errNone
	}
	return &Owner{Name: tag}, nil
}

func byID(id int) (*Owner, error) { return &Owner{}, nil }

// OwnerName names a crate's owner.
func OwnerName(id int, tag string) (string, error) {
	var owner *Owner
	switch {
	case id > 0:
		o, err := byID(id)
		if err != nil {
			return "", err
		}
		owner = o
	case tag != "":
		o, _ := byTag(tag)
		owner = o
	}
	for i := 0; i < 3; i++ {
		tag += "."
	}
	name := owner.Name //! panic
	return name, nil
}
`,
	}
	app := writeMarkedApp(t, files)
	f := app.frame(t, "panic", "example.com/depot/web.OwnerName")
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", f)
	text := Analyze(r)
	mustHave(t, text, "`owner` is set from `o`", "`o, _ := byTag(tag)`", "which discards the error", "o, err := byTag(tag)")
	assertGroundedIn(t, r, text, files)
}
