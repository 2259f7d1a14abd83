// Package web serves the notes over HTTP.
package web

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"

	"example.com/notes/store"
)

// Handler serves the notes.
type Handler struct {
	store *store.Store
}

// NewHandler returns the handler of st's notes.
func NewHandler(st *store.Store) *Handler {
	return &Handler{store: st}
}

// Routes returns the app's routes.
func (h *Handler) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /notes/{id}", h.show)
	mux.HandleFunc("POST /notes/{id}/tags/{tag}", h.tag)
	mux.HandleFunc("DELETE /notes/{id}", h.remove)
	return mux
}

func (h *Handler) show(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	n, err := h.store.Get(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "<h1>%s</h1>", n.Title)
}

func (h *Handler) tag(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	h.store.Tag(id, r.PathValue("tag"))
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) remove(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	err := h.store.Delete(id)
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		log.Printf("deleting note %d: %v", id, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
