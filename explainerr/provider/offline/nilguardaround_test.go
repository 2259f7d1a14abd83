package offline

import "testing"

// TestNilGuardedCandidateAndADiscardAboveTheWindow: a value the line
// reads inside `if x != nil {` is not the nil one; the other, assigned
// with its error dropped further up than the trace's window shows, is,
// and the fix checks that error.
func TestNilGuardedCandidateAndADiscardAboveTheWindow(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"encoding/json"
	"net/http"
)

// Book is a book.
type Book struct{ Title string }

// Books finds books.
type Books interface{ Get(id string) (*Book, error) }

var books Books

// Rename renames a book.
func Rename(w http.ResponseWriter, r *http.Request) {
	book, _ := books.Get(r.PathValue("id"))

	if r.Header.Get("X-Dry-Run") != "" {
		w.WriteHeader(http.StatusNoContent)
		return
	}

	var input struct {
		Title *string ` + "`json:\"title\"`" + `
	}
	if err := json.NewDecoder(r.Body).Decode(&input); err != nil {
		http.Error(w, "bad input", http.StatusBadRequest)
		return
	}

	if input.Title != nil {
		book.Title = *input.Title //!deref
	}
	w.WriteHeader(http.StatusNoContent)
}
`,
	})
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/shelf/web.Rename"))
	text := Analyze(r)
	mustHave(t, text, "Nil pointer dereference: `book` is nil", "`input.Title` is not it: the line runs only when it is not `nil`",
		"which discards the error", "book, err := books.Get(r.PathValue(\"id\"))")
	mustLack(t, text, "if input.Title == nil")
}
