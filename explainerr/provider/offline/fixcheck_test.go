package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
)

// cartFiles is a handler that checks its value for nil above the failing
// line but goes on when it is nil.
var cartFiles = map[string]string{
	"go.mod": "module example.com/cart\n\ngo 1.22\n",
	"main.go": `package main

import (
	"log"
	"net/http"
)

type cart struct{ items []string }

var carts = map[string]*cart{}

func show(w http.ResponseWriter, r *http.Request) {
	c := carts[r.URL.Query().Get("id")]
	if c == nil {
		log.Println("no cart")
	}
	w.Write([]byte(c.items[0])) //!use
}
`,
}

// TestNoFixTheCodeAlreadyHas: a nil check the function already has above
// the failing line is not advised again; the explanation says the code
// has it.
func TestNoFixTheCodeAlreadyHas(t *testing.T) {
	app := writeMarkedApp(t, cartFiles)
	r := panicIn(t, app, "use", "main.show", "runtime error: invalid memory address or nil pointer dereference", "GET", "/cart?id=x")
	text := Analyze(r)
	mustLack(t, text, "```go\nif c == nil {")
	mustHave(t, text, "The code already checks this at `main.go:14`", "does not return", "End the branch at `main.go:14` with a `return`")
}

func TestFixKeyLines(t *testing.T) {
	it := draft.Item{block("Guard it:", "if err != nil {", "\treturn", "}", "if u == nil {", "\treturn", "}", "s.mu.Lock()", "x := make(map[string]int)")}
	got := fixKeyLines(it)
	want := []string{"if u == nil {", "s.mu.Lock()"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("key lines %q, want %q", got, want)
	}
	if normalizeCode("\tif  u == nil {  // the user") != "ifu==nil{" {
		t.Error("normalizeCode keeps blanks or comments")
	}
}
