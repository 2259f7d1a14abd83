package http

import (
	"net/http"
	"strconv"
)

// handleReport shows the average value of the boards.
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	avg, err := s.BoardService.AverageValue(r.Context())
	if err != nil {
		Error(w, r, err)
		return
	}
	w.Write([]byte(strconv.Itoa(avg)))
}
