package offline

import "testing"

// shelfScanFiles is an app whose store interface has two
// implementations, each scanning three destinations per row; only the
// PostgreSQL one selects two columns.
var shelfScanFiles = map[string]string{
	"go.mod": "module example.com/shelf\n\ngo 1.22\n",
	"store/store.go": `package store

// Book is a shelf's book.
type Book struct {
	ID          int
	Title, Note string
}

// Store lists books.
type Store interface{ Books(shelf int) ([]Book, error) }
`,
	"store/pg.go": `package store

import "database/sql"

// PG is the PostgreSQL store.
type PG struct{ db *sql.DB }

// Books lists a shelf's books.
func (p *PG) Books(shelf int) ([]Book, error) {
	rows, err := p.db.Query("SELECT id, title FROM books WHERE shelf = $1", shelf)
	if err != nil {
		return nil, err
	}
	var out []Book
	for rows.Next() {
		var b Book
		if err := rows.Scan(&b.ID, &b.Title, &b.Note); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// Rename renames a book and reads back its id and title.
func (p *PG) Rename(id int, title string) (Book, error) {
	var b Book
	err := p.db.QueryRow("UPDATE books SET title = $2 WHERE id = $1 RETURNING id", id, title).Scan(&b.ID, &b.Title)
	return b, err
}
`,
	"store/lite.go": `package store

import "database/sql"

// Lite is the SQLite store.
type Lite struct{ db *sql.DB }

// Books lists a shelf's books.
func (l *Lite) Books(shelf int) ([]Book, error) {
	rows, err := l.db.Query("SELECT id, title, note FROM books WHERE shelf = ?", shelf)
	if err != nil {
		return nil, err
	}
	var out []Book
	for rows.Next() {
		var b Book
		if err := rows.Scan(&b.ID, &b.Title, &b.Note); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/shelf/store"
)

// Server serves shelves.
type Server struct {
	db *store.PG
	st store.Store
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	if _, err := s.st.Books(1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!list
	}
}

func (s *Server) rename(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.Rename(1, "x"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!rename
	}
}
`,
}

// TestScanCountFoundBehindAnInterface: of the implementations the request
// may have run, the one whose query returns the columns the error counts
// and whose Scan has the destinations it counts is named; pgx's wording
// of the same error, and a RETURNING list, are read too.
func TestScanCountFoundBehindAnInterface(t *testing.T) {
	app := writeMarkedApp(t, shelfScanFiles)
	fr := app.frame(t, "list", "example.com/shelf/web.(*Server).list")
	text := Analyze(statusReport("sql: expected 2 destination arguments in Scan, not 3\n", fr))
	mustHave(t, text, "The Scan with 3 destinations is at `(*PG).Books`", "Its query returns 2", "agree, in number and order, in `(*PG).Books`")
	mustLack(t, text, "(*Lite).Books")

	fr = app.frame(t, "rename", "example.com/shelf/web.(*Server).rename")
	text = Analyze(statusReport("number of field descriptions must equal number of destinations, got 1 and 2\n", fr))
	mustHave(t, text, "The Scan with 2 destinations is at `(*PG).Rename`", "Its query returns 1")
}
