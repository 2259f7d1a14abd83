package app

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
)

// handleTags lists the tags with their number of posts.
func (s *Server) handleTags() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tags, err := s.store.Tags(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.render(w, http.StatusOK, "tag_list.html", pageData{"Title": "Tags", "Tags": tags})
	}
}

// handleTag lists the posts with one tag.
func (s *Server) handleTag() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		tag, err := s.store.TagBySlug(ctx, chi.URLParam(r, "slug"))
		if errors.Is(err, ErrNotFound) {
			s.handleNotFound()(w, r)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		posts, err := s.store.PostsByTag(ctx, tag.ID)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.render(w, http.StatusOK, "tag.html", pageData{"Title": "Tag " + tag.Name, "Tag": tag, "Posts": posts})
	}
}
