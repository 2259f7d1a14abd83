package app

import "net/http"

// handleAbout describes the blog.
func (s *Server) handleAbout() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		authors, err := s.store.Authors(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.render(w, http.StatusOK, "about.html", pageData{
			"Title":   "About",
			"Authors": len(authors),
			"Since":   2024,
		})
	}
}

// handleStats shows numbers about the published posts.
func (s *Server) handleStats() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		posts, err := s.store.PublishedPosts(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		stats := NewSiteStats()
		for _, p := range posts {
			stats.AddPost(p)
		}
		s.render(w, http.StatusOK, "stats.html", pageData{"Title": "Statistics", "Stats": stats})
	}
}
