// Package wtfhttp serves dials over HTTP.
package wtfhttp

import (
	"encoding/json"
	"log"
	"net/http"
	"strconv"
	"strings"

	"example.com/tasks/sqlite"
)

// DialHandler serves dials.
type DialHandler struct {
	Service *sqlite.DialService
}

// Error logs an internal error and renders it with its status.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	code := http.StatusInternalServerError
	log.Printf("[http] error: %s %s: %s", r.Method, r.URL.Path, err)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": "Internal error."})
}

// HandleDialView shows one dial.
func (h *DialHandler) HandleDialView(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	dial, err := h.Service.FindDialByID(r.Context(), id)
	if err != nil {
		Error(w, r, err)
		return
	}
	json.NewEncoder(w).Encode(dial)
}

// HandleDialCreate creates a dial.
func (h *DialHandler) HandleDialCreate(w http.ResponseWriter, r *http.Request) {
	dial := &sqlite.Dial{Name: r.URL.Query().Get("name")}
	if err := h.Service.CreateDial(r.Context(), dial); err != nil {
		Error(w, r, err)
		return
	}
	json.NewEncoder(w).Encode(dial)
}

// HandleDialName capitalises the dial name given.
func (h *DialHandler) HandleDialName(w http.ResponseWriter, r *http.Request) {
	dial := &sqlite.Dial{Name: r.URL.Query().Get("name")}
	dial.Name = strings.ToUpper(dial.Name[:1]) + dial.Name[1:]
	w.Write([]byte(dial.Name))
}

// HandleFlash shows the flash message of the flash cookie.
func (h *DialHandler) HandleFlash(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie("flash")
	if err != nil {
		return
	}
	parts := strings.Split(c.Value, "|")
	level, message := parts[0], parts[1]
	w.Write([]byte(level + ": " + message))
}
