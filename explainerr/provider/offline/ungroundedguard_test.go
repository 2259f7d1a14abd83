package offline

import "testing"

// TestNoNilCheckWithoutGrounds: a nil value whose origin the source does
// not show (a parameter of a function whose caller is off the stack) gets
// no nil check as its fix, which would hide the cause, but where to look.
func TestNoNilCheckWithoutGrounds(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/press\n\ngo 1.22\n",
		"main.go": `package main

// Page is a printed page.
type Page struct{ Body []byte }

func size(p *Page) int {
	return len(p.Body) //!use
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "size"))
	r.Request.Method, r.Request.URL = "POST", "/print"
	text := Analyze(r)
	mustHave(t, text, "Find where `p` gets its value on the way to this line", "A check of `p == nil` before this line would only hide the cause.")
	mustLack(t, text, "if p == nil {")
	assertGroundedIn(t, r, text, files)
}
