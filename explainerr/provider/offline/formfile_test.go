package offline

import "testing"

// dropFiles: an upload handler drops the error of r.FormFile; above the
// failing line, a loop's block ends in break (no answer), and the
// function answers its errors with http.Error.
var dropFiles = map[string]string{
	"go.mod": "module example.com/drop\n",
	"main.go": `package main

import (
	"io"
	"net/http"
)

type box struct{ open bool }

func (b *box) upload(w http.ResponseWriter, r *http.Request) {
	for _, c := range r.Cookies() {
		if c.Name == "session" {
			b.open = true
			break
		}
	}
	if !b.open {
		http.Error(w, "sign in first", http.StatusUnauthorized)
		return
	}
	file, _, _ := r.FormFile("file")
	defer file.Close() //! close
	io.Copy(io.Discard, file)
}
`,
}

// TestFormFileErrorDropped: the error r.FormFile drops is the client's
// (a missing file field): the check advised answers 400, and a block that
// only leaves a loop is not taken for the way the function answers.
func TestFormFileErrorDropped(t *testing.T) {
	app := writeMarkedApp(t, dropFiles)
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "close", "(*box).upload")))
	mustHave(t, text, "Check the error instead of discarding it", "http.StatusBadRequest")
	mustLack(t, text, "b.open = true", "answers its other errors, at")
}
