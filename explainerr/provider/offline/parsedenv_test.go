package offline

import "testing"

// TestEmptyNumberFromAnEnvironmentSetting: an empty value parsed, in a
// function the handler calls, from a field the constructor sets from an
// environment variable the process does not have: the parse and the
// read are cited, the variable named, and no 400 advised.
func TestEmptyNumberFromAnEnvironmentSetting(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"main.go": `package main

import (
	"net/http"
	"os"
	"strconv"
)

// Shelf serves the shelf's pages.
type Shelf struct {
	pageSize string // books per page (SHELF_TEST_PAGE_SIZE)
}

// NewShelf reads the shelf's settings.
func NewShelf() *Shelf {
	return &Shelf{
		pageSize: os.Getenv("SHELF_TEST_PAGE_SIZE"), //!read
	}
}

// perPage is how many books a page lists.
func (s *Shelf) perPage() (int, error) {
	return strconv.Atoi(s.pageSize) //!parse
}

// list answers the first page.
func (s *Shelf) list(w http.ResponseWriter, r *http.Request) {
	n, err := s.perPage() //!call
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(strconv.Itoa(n)))
}
`,
	})
	_, read := app.line("read")
	_, parse := app.line("parse")
	text := Analyze(statusReport("strconv.Atoi: parsing \"\": invalid syntax\n", app.frame(t, "call", "main.(*Shelf).list")))
	mustHave(t, text, "It parses `s.pageSize` at `(*Shelf).perPage` (`main.go:"+itoa(parse)+"`)",
		"set from the environment variable `SHELF_TEST_PAGE_SIZE` at `NewShelf` (`main.go:"+itoa(read)+"`)",
		"give `pageSize` a default at `main.go:"+itoa(read)+"`")
	mustLack(t, text, "a missing parameter or field", "Answer a parse failure with 400")

	t.Setenv("SHELF_TEST_PAGE_SIZE", "ten")
	mustLack(t, Analyze(statusReport("strconv.Atoi: parsing \"\": invalid syntax\n", app.frame(t, "call", "main.(*Shelf).list"))), "SHELF_TEST_PAGE_SIZE")
}
