package app

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
)

// handleAuthors lists the authors.
func (s *Server) handleAuthors() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		authors, err := s.store.Authors(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.render(w, http.StatusOK, "authors.html", pageData{
			"Title":   "Authors",
			"Authors": authors,
		})
	}
}

// handleAuthor shows an author with their posts; an unknown author is a
// 404.
func (s *Server) handleAuthor() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		author, err := s.store.AuthorBySlug(ctx, chi.URLParam(r, "slug"))
		if errors.Is(err, ErrNotFound) {
			s.handleNotFound()(w, r)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		posts, err := s.store.PostsByAuthor(ctx, author.ID)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.render(w, http.StatusOK, "author.html", pageData{
			"Title":    author.Name,
			"Author":   author,
			"Initials": initials(author.Name),
			"Posts":    posts,
		})
	}
}
