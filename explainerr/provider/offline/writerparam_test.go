package offline

import "testing"

// contextWriterFiles answer through an app's own context type, not an
// http.ResponseWriter; one lookup's error is dropped.
var contextWriterFiles = map[string]string{
	"go.mod": "module example.com/reader\n",
	"main.go": `package main

import "errors"

type WebContext interface{ SendError(code int, msg string) }

type Bookmark struct{ Title string }

func find(id int) (*Bookmark, error) {
	if id > 10 {
		return nil, errors.New("no bookmark")
	}
	return &Bookmark{Title: "x"}, nil
}

func show(c WebContext, id int) string {
	if id < 0 {
		c.SendError(400, "bad id")
		return ""
	}
	b, _ := find(id)
	return b.Title //! use
}
`,
}

// TestDroppedErrorInAFunctionWithAContext: the fix block of a dropped
// error in a function that answers through a context of the app's does
// not say it has no way to answer, nor write http.Error with a w it does
// not have.
func TestDroppedErrorInAFunctionWithAContext(t *testing.T) {
	app := writeMarkedApp(t, contextWriterFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "show"))
	text := Analyze(r)
	mustLack(t, text, "no http.ResponseWriter here", "http.Error(w")
	mustHave(t, text, "answer through c as this function answers its other errors")
}
