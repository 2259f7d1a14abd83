package http

import (
	"net/http"
	"strconv"

	"example.com/boards/memory"
)

// latest is the store of users' latest boards.
var latest = &memory.Latest{}

// store returns the store of users' latest boards.
func (s *Server) store() *memory.Latest { return latest }

func (s *Server) handleLatest(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	b, err := s.store().LatestBoard(id)
	if err != nil {
		Error(w, r, err)
		return
	}
	w.Write([]byte(b.Name))
}

func (s *Server) handleSync(w http.ResponseWriter, r *http.Request) {
	if err := s.store().Sync(r.Context()); err != nil {
		Error(w, r, err)
		return
	}
	w.Write([]byte("synced"))
}
