package app

import (
	"encoding/xml"
	"net/http"

	"github.com/explainerr/explainerr/explainerr"
)

// handleFeed serves the RSS feed.
func (s *Server) handleFeed() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		feed, err := buildFeed(r.Context(), s.store, "http://"+r.Host)
		if err != nil {
			return err
		}
		out, err := xml.MarshalIndent(feed, "", "  ")
		if err != nil {
			return err
		}
		w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
		w.Write([]byte(xml.Header))
		_, err = w.Write(out)
		return err
	}
}
