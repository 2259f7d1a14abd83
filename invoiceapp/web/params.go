package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// idParam reads a positive integer route parameter.
func idParam(r *http.Request, name string) (int64, error) {
	v := chi.URLParam(r, name)
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%s %q: %w", name, v, domain.ErrNotFound)
	}
	return id, nil
}

// pageParam reads the page query parameter; missing or invalid is page 1.
func pageParam(r *http.Request) int {
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 1 {
		return 1
	}
	return page
}

// parseCents reads an amount such as "12", "12.5" or "12.50" in minor
// units of a two-digit currency.
func parseCents(s string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("amount %q: more than two decimals: %w", s, domain.ErrInvalid)
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, domain.ErrInvalid)
	}
	return n, nil
}
