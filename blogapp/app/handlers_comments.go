package app

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
)

// handleCreateComment stores a comment posted with the form on a post page
// (fields "author" and "body") and goes back to the post.
func (s *Server) handleCreateComment() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		post, err := s.store.PostBySlug(ctx, chi.URLParam(r, "slug"))
		if errors.Is(err, ErrNotFound) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		author, body := r.PostFormValue("author"), r.PostFormValue("body")
		if author == "" || body == "" {
			http.Error(w, "a comment needs a name and a text", http.StatusBadRequest)
			return
		}
		c := NewComment(post.ID, author, body)
		if err := s.store.AddComment(ctx, c); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.Redirect(w, r, "/posts/"+post.Slug+"#comments", http.StatusSeeOther)
	}
}

// handleComment shows one comment on its own page (its permalink).
func (s *Server) handleComment() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		ctx := r.Context()
		post, err := s.store.PostBySlug(ctx, chi.URLParam(r, "slug"))
		if errors.Is(err, ErrNotFound) {
			s.handleNotFound()(w, r)
			return nil
		}
		if err != nil {
			return err
		}
		id, err := intParam(r, "id")
		if err != nil {
			return err
		}
		comment, err := s.store.CommentByID(ctx, post.ID, id)
		if errors.Is(err, ErrNotFound) {
			s.handleNotFound()(w, r)
			return nil
		}
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "comment.html", pageData{
			"Title":   "Comment by " + comment.AuthorName,
			"Post":    post,
			"Comment": comment,
		})
		return nil
	}
}
