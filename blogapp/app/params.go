package app

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// intParam reads the chi route parameter name as an integer id.
func intParam(r *http.Request, name string) (int64, error) {
	raw := chi.URLParam(r, name)
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("route parameter %s: %w", name, err)
	}
	return id, nil
}

// pageParam reads the 1-based page number from the "page" query
// parameter; a missing or malformed value is page 1.
func pageParam(r *http.Request) int {
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page == 0 {
		return 1
	}
	return page
}
