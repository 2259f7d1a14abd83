package app

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
)

// handlePost shows one post with its tags and comments.
func (s *Server) handlePost() explainerr.HandlerFunc {
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
		if post.Tags, err = s.store.TagsForPost(ctx, post.ID); err != nil {
			return err
		}
		comments, err := s.store.CommentsForPost(ctx, post.ID)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "post.html", pageData{
			"Title":    post.Title,
			"Post":     post,
			"Comments": comments,
		})
		return nil
	}
}

// handleFeatured sends the reader to the featured post.
func (s *Server) handleFeatured() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		post, err := s.store.FeaturedPost(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.Redirect(w, r, "/posts/"+post.Slug, http.StatusFound)
	}
}

// handleNextPost sends the reader to the post published after this one.
func (s *Server) handleNextPost() http.HandlerFunc {
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
		next, err := s.store.NextPost(ctx, post)
		if errors.Is(err, ErrNotFound) {
			// The newest post: stay on it.
			http.Redirect(w, r, "/posts/"+post.Slug, http.StatusFound)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.Redirect(w, r, "/posts/"+next.Slug, http.StatusFound)
	}
}

// handleSearch lists the posts matching the "q" query parameter.
func (s *Server) handleSearch() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		var posts []Post
		if q != "" {
			var err error
			if posts, err = s.store.SearchPosts(r.Context(), q); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		}
		s.render(w, http.StatusOK, "search.html", pageData{"Title": "Search", "Query": q, "Posts": posts})
	}
}

// archivePerPage is the number of posts on one archive page.
const archivePerPage = 5

// handleArchive lists every published post, a page at a time.
func (s *Server) handleArchive() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		posts, err := s.store.PublishedPosts(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		pages := paginate(posts, archivePerPage)
		page := pageParam(r)
		current := pages[page-1]
		s.render(w, http.StatusOK, "archive.html", pageData{
			"Title": "Archive",
			"Posts": current,
			"Page":  page,
			"Pages": len(pages),
			"Newer": page - 1,
			"Older": page + 1,
		})
	}
}
