// Package http serves boards over HTTP.
package http

import (
	"log"
	"net/http"
	"strconv"

	"example.com/boards/board"
)

// Server serves boards.
type Server struct {
	server *http.Server
	mux    *http.ServeMux
	logger *log.Logger

	BoardService  board.BoardService
	MemberService board.MemberService
}

// NewServer returns a server with its routes; the services are set by
// the caller.
func NewServer() *Server {
	s := &Server{
		server: &http.Server{},
		mux:    http.NewServeMux(),
	}
	s.mux.HandleFunc("GET /boards/{id}", s.handleBoardView)
	s.mux.HandleFunc("GET /boards", s.handleBoardIndex)
	s.mux.HandleFunc("GET /average", s.handleReport)
	s.mux.HandleFunc("GET /boards/{id}/edit", s.handleBoardEdit)
	s.mux.HandleFunc("GET /members/{id}", s.handleMembers)
	s.mux.HandleFunc("GET /boards/{id}/log", s.handleBoardLog)
	s.mux.Handle("GET /safe/boards/{id}", recoverer(http.HandlerFunc(s.handleBoardView)))
	s.mux.HandleFunc("GET /users/{id}/latest", s.handleLatest)
	s.mux.HandleFunc("GET /users/{id}/sync", s.handleSync)
	return s
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// Error logs err and answers 500.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	log.Printf("[http] error: %s %s: %s", r.Method, r.URL.Path, err)
	http.Error(w, "Internal error.", http.StatusInternalServerError)
}

// recoverer answers a panicking handler with 500.
func recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if err := recover(); err != nil {
				http.Error(w, "Internal error.", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *Server) handleBoardView(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		Error(w, r, err)
		return
	}
	b, _ := s.BoardService.FindBoardByID(r.Context(), id)
	b.Members, _, err = s.MemberService.FindMembers(r.Context(), board.MemberFilter{BoardID: &b.ID})
	if err != nil {
		Error(w, r, err)
		return
	}
	w.Write([]byte(b.Name))
}

func (s *Server) handleBoardLog(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	b, _ := s.BoardService.FindBoardByID(r.Context(), id)
	s.logger.Printf("viewed board %s", b.Name)
}

func (s *Server) handleBoardIndex(w http.ResponseWriter, r *http.Request) {
	offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	boards, n, err := s.BoardService.FindBoards(r.Context(), board.BoardFilter{Offset: offset})
	if err != nil {
		Error(w, r, err)
		return
	}
	latest := boards[len(boards)-1]
	w.Write([]byte(latest.Name + " of " + strconv.Itoa(n)))
}

func (s *Server) handleBoardEdit(w http.ResponseWriter, r *http.Request) {
	id := mustParseID(r, "id")
	w.Write([]byte(strconv.Itoa(id)))
}

func (s *Server) handleMembers(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	members, _, err := s.MemberService.FindMembers(r.Context(), board.MemberFilter{BoardID: &id})
	if err != nil {
		Error(w, r, err)
		return
	}
	w.Write([]byte(strconv.Itoa(len(members))))
}

// mustParseID reads an integer route parameter.
func mustParseID(r *http.Request, name string) int {
	id, err := strconv.Atoi(r.PathValue(name))
	if err != nil {
		panic(err)
	}
	return id
}
