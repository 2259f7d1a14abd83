// Package layeredapp is a small layered web app for the tests of
// explainerr's module understanding: its handler calls a store through an
// interface, and the store's implementation lives in another package
// (memstore), so that the code that fails is reached only through types.
package layeredapp

import "net/http"

// Store keeps notes.
type Store interface {
	Get(id string) (string, error)
	Put(id, text string) error
}

// Server serves notes from its store.
type Server struct{ store Store }

// New returns a server over store.
func New(store Store) *Server { return &Server{store: store} }

// ServeHTTP answers GET /?id=… with the note's text.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	text, err := s.store.Get(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(text))
}
