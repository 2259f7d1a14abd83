package offline

import "testing"

// TestNilErrorOnAFailurePath: an error read on a path where nothing set
// it (a switch case chosen wrongly) is not guarded with a nil test: the
// fix looks at what chose the path.
func TestNilErrorOnAFailurePath(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/gate\n\ngo 1.22\n",
		"main.go": `package main

import (
	"errors"
	"net/http"
)

type checker interface{ Kind() string }

type image struct{}

func (image) Kind() string { return "iframe" }

func verify(c checker, answer string) string {
	var err error
	switch c.Kind() {
	case "image":
		if answer == "" {
			err = errors.New("empty answer")
		}
	case "iframe":
		return err.Error() //!read
	}
	return "ok"
}

func gate(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(verify(image{}, r.FormValue("answer"))))
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "read", "verify"))
	text := Analyze(r)
	mustHave(t, text, "`err` is `nil` on this line: the code took its failure path though no call set the error")
	mustLack(t, text, "if err == nil")
	assertGroundedIn(t, r, text, files)
}
