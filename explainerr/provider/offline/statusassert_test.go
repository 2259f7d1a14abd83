package offline

import "testing"

// TestStatusMapperAssertsTheType: the app answers with the status its own
// error carries, read by a function that asserts the error's type
// directly; the store wraps that error with fmt.Errorf and %w on its way:
// the assertion and the wrap are cited, and errors.As advised there, not
// a new not-found test.
func TestStatusMapperAssertsTheType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"apperr/apperr.go": `package apperr

// Error is an error with the status to answer it with.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// NotFound is the app's not-found error.
func NotFound(msg string) error { return &Error{Status: 404, Msg: msg} }

// StatusOf is the status to answer err with.
func StatusOf(err error) int {
	if e, ok := err.(*Error); ok {
		return e.Status
	}
	return 500
}
`,
		"store/books.go": `package store

import (
	"fmt"

	"example.com/shelf/apperr"
)

// Book finds a book.
func Book(id int) (string, error) {
	return "", fmt.Errorf("get book id=%d: %w", id, apperr.NotFound("record not found"))
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/shelf/apperr"
	"example.com/shelf/store"
)

func book(w http.ResponseWriter, r *http.Request) {
	if _, err := store.Book(999); err != nil {
		status := apperr.StatusOf(err)
		http.Error(w, err.Error(), status) //!status
	}
}
`,
	})
	text := Analyze(statusReport("get book id=999: record not found\n", app.frame(t, "status", "main.book")))
	mustHave(t, text, "The app maps the error to its status with `StatusOf`", "asserts the error's type directly at `StatusOf` (`apperr.go:16`)", "The error is wrapped at `Book` (`books.go:11`)", "find the app's error with `errors.As` instead of the type assertion at `apperr.go:16`")
	mustLack(t, text, "nothing on the error's path answers it with a 404")
}
