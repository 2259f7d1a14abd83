package explainerr_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/go-chi/chi/v5"
)

// The route pattern on the report, wherever explainerr sits relative to the
// router, through real servers (README, "Placement").

type ctxKey struct{}

// copiesRequest passes on a copy of the request with a value added to its
// context, as request-id and auth middleware do.
func copiesRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, "id-1")))
	})
}

func routeOfFailure(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, body := fetch(t, srv.URL+path, map[string]string{"Accept": "application/json"})
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	rep := jsonReport(t, body)
	if rep.Request.URL != path {
		t.Errorf("URL %q, want %q", rep.Request.URL, path)
	}
	return rep.Request.Route
}

func TestRouteOfAServeMuxWrappedDirectly(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", writesToNilMap)
	if got := routeOfFailure(t, newExplainer(t).Middleware(mux), "/items/7"); got != "GET /items/{id}" {
		t.Errorf("route %q, want the ServeMux pattern", got)
	}
}

func TestRouteOfAServeMuxGivenACopyOfTheRequestIsUnknown(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", writesToNilMap)
	if got := routeOfFailure(t, newExplainer(t).Middleware(copiesRequest(mux)), "/items/7"); got != "" {
		t.Errorf("route %q: the ServeMux set the pattern on a copy explainerr never sees; the README says the route is then unknown", got)
	}
}

func TestRouteOfChiIsKeptWhateverCopiesAreMade(t *testing.T) {
	r := chi.NewRouter()
	r.Use(newExplainer(t).Middleware)
	r.Use(copiesRequest)
	r.Route("/shop", func(r chi.Router) {
		r.Get("/items/{id}", writesToNilMap)
	})
	if got := routeOfFailure(t, r, "/shop/items/7"); got != "/shop/items/{id}" {
		t.Errorf("route %q, want chi's pattern", got)
	}
}

func TestRouteOfAChiRouterWrappedFromOutside(t *testing.T) {
	r := chi.NewRouter()
	r.Route("/shop", func(r chi.Router) {
		r.Get("/items/{id}", writesToNilMap)
	})
	if got := routeOfFailure(t, newExplainer(t).Middleware(r), "/shop/items/7"); got != "/shop/items/{id}" {
		t.Errorf("route %q, want chi's pattern", got)
	}
}
