//go:build prod

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// get sends a GET from a loopback client to the production handler.
func get(t *testing.T, path string) *httptest.ResponseRecorder {
	t.Helper()
	withExplainerr, err := explainerrMiddleware()
	if err != nil {
		t.Fatal(err)
	}
	h := withExplainerr(newHandler(sampleNotes))
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "127.0.0.1:50000"
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestProductionBuildServesNotes(t *testing.T) {
	if rec := get(t, "/notes/welcome"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Notes are JSON files.") {
		t.Errorf("status %d, body %q", rec.Code, rec.Body)
	}
}

func TestProductionBuildAnswersAReturnedErrorWithAPlain500(t *testing.T) {
	rec := get(t, "/notes/todo")
	if rec.Code != http.StatusInternalServerError || rec.Body.String() != "Internal Server Error\n" {
		t.Errorf("status %d, body %q: want a plain 500 that says nothing about the error", rec.Code, rec.Body)
	}
	if rec.Header().Get("X-Explainerr-Report") != "" {
		t.Error("a production build answered with a report")
	}
}
