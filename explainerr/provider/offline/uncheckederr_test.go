package offline

import (
	"strings"
	"testing"
)

// orchardFiles is an app that reads a looked-up value before it tests the
// lookup's error, a few lines further down.
var orchardFiles = map[string]string{
	"go.mod": "module example.com/orchard\n\ngo 1.22\n",
	"main.go": `package main

import (
	"errors"
	"fmt"
	"net/http"
)

// Tree is an orchard tree.
type Tree struct{ Apples int }

var trees = map[string]*Tree{}

func findTree(id string) (*Tree, error) {
	t, ok := trees[id]
	if !ok {
		return nil, errors.New("no such tree")
	}
	return t, nil
}

func count(w http.ResponseWriter, r *http.Request) {
	var tree *Tree
	var err error
	tree, err = findTree(r.URL.Query().Get("id"))
	apples := tree.Apples //!read
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	fmt.Fprint(w, apples)
}
`,
}

// TestValueReadBeforeItsErrorIsTested: a value read on the line after
// the call that made it, whose error the function tests only further
// down, is nil when the call fails: the fix tests the error right after
// the call, and no nil check is offered besides.
func TestValueReadBeforeItsErrorIsTested(t *testing.T) {
	app := writeMarkedApp(t, orchardFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "read", "count"))
	text := Analyze(r)
	mustHave(t, text, "its error, `err`, is not tested before `tree` is read on this line; it is tested only after it, at `main.go:27`: `if err != nil {`",
		"Move the test at `main.go:27` up, right after the call at `main.go:25`, before `tree` is read.")
	mustLack(t, text, "if tree == nil")
	assertGroundedIn(t, r, text, orchardFiles)

	// No test of it at all: the test to write, after the call.
	files := map[string]string{"go.mod": orchardFiles["go.mod"], "main.go": strings.Replace(orchardFiles["main.go"], `	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
`, "", 1)}
	app = writeMarkedApp(t, files)
	r = panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "read", "count"))
	text = Analyze(r)
	mustHave(t, text, "is not tested before `tree` is read on this line: when the call fails", "Test the error right after the call, before `tree` is read:", "if err != nil {")
	mustLack(t, text, "if tree == nil")
}
