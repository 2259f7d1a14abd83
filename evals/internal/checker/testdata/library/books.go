// Package library lends books to members and shows their loans.
package library

import (
	"errors"
	"strings"
)

// ErrUnknownBook says an ISBN is not on the shelf.
var ErrUnknownBook = errors.New("unknown book")

// Book is one title the library owns, with the number of copies.
type Book struct {
	ISBN   string
	Title  string
	Author string
	Copies int
}

// Shelf holds the library's books by ISBN.
type Shelf struct {
	books map[string]*Book
}

// NewShelf returns a shelf holding books.
func NewShelf(books []*Book) *Shelf {
	s := &Shelf{books: make(map[string]*Book, len(books))}
	for _, b := range books {
		s.books[normalizeISBN(b.ISBN)] = b
	}
	return s
}

// Find returns the book with isbn, dashes ignored.
func (s *Shelf) Find(isbn string) (*Book, error) {
	b, ok := s.books[normalizeISBN(isbn)]
	if !ok {
		return nil, ErrUnknownBook
	}
	return b, nil
}

// normalizeISBN drops the dashes of an ISBN.
func normalizeISBN(isbn string) string {
	return strings.ReplaceAll(isbn, "-", "")
}
