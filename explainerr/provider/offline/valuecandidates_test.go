package offline

import "testing"

// keyFiles read a key's fields through a value a type assertion and a
// store's lookup give: values of a struct type, never nil.
var keyFiles = map[string]string{
	"go.mod": "module example.com/keys\n\ngo 1.22\n",
	"db/db.go": `package db

// Key is an access key.
type Key struct {
	ID      int
	Project *int
}

// Store finds keys.
type Store interface {
	GetKey(id int) (Key, error)
}
`,
	"main.go": `package main

import (
	"fmt"
	"net/http"

	"example.com/keys/db"
)

var store db.Store

func refs(w http.ResponseWriter, r *http.Request) {
	key := r.Context().Value("key").(db.Key)
	fmt.Fprintln(w, *key.Project, key.ID) //!assert
}

func lookup(w http.ResponseWriter, r *http.Request) {
	key, _ := store.GetKey(7)
	fmt.Fprintln(w, *key.Project, key.ID) //!lookup
}
`,
}

// TestValueTypedCandidatesAreNotNil: a variable a type assertion to a
// struct type or a lookup every declaration of which returns a struct
// value gives is no nil candidate; its pointer field is.
func TestValueTypedCandidatesAreNotNil(t *testing.T) {
	app := writeMarkedApp(t, keyFiles)
	for _, mark := range []string{"assert", "lookup"} {
		fn := map[string]string{"assert": "refs", "lookup": "lookup"}[mark]
		text := Analyze(panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, mark, fn)))
		mustHave(t, text, "`key.Project` is nil")
		mustLack(t, text, "one of `key`")
	}
}
