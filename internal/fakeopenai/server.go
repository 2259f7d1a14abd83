package fakeopenai

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// HandlerFunc decides the answer to a request that the queue of scripted
// answers does not answer. It is called from the server's goroutines, one
// call per request, possibly concurrently.
type HandlerFunc func(req Request) Answer

// Server is a running fake OpenAI-compatible server. Its methods are safe
// for concurrent use.
type Server struct {
	// URL is the API root to give a client as its base URL, such as
	// "http://127.0.0.1:41234/v1". Chat completions are served at
	// URL + "/chat/completions".
	URL string

	ts        *httptest.Server
	closing   chan struct{}
	closeOnce sync.Once

	mu       sync.Mutex
	queue    []Answer
	handler  HandlerFunc
	requests []Request
}

// New starts a server that answers its first calls with answers, in order.
// Close it when done.
func New(answers ...Answer) *Server {
	s := &Server{closing: make(chan struct{}), queue: append([]Answer(nil), answers...)}
	s.ts = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.ts.URL + "/v1"
	return s
}

// Enqueue appends answers to the script: each chat completions call takes
// the next one, in order.
func (s *Server) Enqueue(answers ...Answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, answers...)
}

// Handle sets the function that answers calls once the queue is empty; nil
// removes it. Without a queue entry or a handler a call is answered with
// status 500 and a message saying no answer was scripted.
func (s *Server) Handle(h HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handler = h
}

// Requests returns a copy of every request received so far, in arrival
// order, including requests to paths other than chat completions.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Calls returns the number of requests received so far.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// Received reports whether any request received so far contains text in
// its path and query, a header name or value, or its raw body. Tests use it
// to prove that a secret never left the process.
func (s *Server) Received(text string) bool {
	for _, req := range s.Requests() {
		if strings.Contains(string(req.Body), text) || strings.Contains(req.Path, text) {
			return true
		}
		for k, vs := range req.Header {
			if strings.Contains(k, text) {
				return true
			}
			for _, v := range vs {
				if strings.Contains(v, text) {
					return true
				}
			}
		}
	}
	return false
}

// Client returns an HTTP client for the server whose idle connections are
// closed by Close, so that no connection goroutine outlives the server.
func (s *Server) Client() *http.Client { return s.ts.Client() }

// Close makes every pending handler return (stalled and delayed ones too),
// drops the client connections, and waits until all handlers have
// returned. It may be called more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.ts.CloseClientConnections()
		s.ts.Close()
	})
}

// serve records a request and answers it.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	if r.URL.RawQuery != "" {
		req.Path += "?" + r.URL.RawQuery
	}
	isChat := r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/chat/completions")
	if err != nil {
		req.DecodeError = "reading body: " + err.Error()
	} else if isChat {
		req.decodeBody()
	}

	s.mu.Lock()
	req.Call = len(s.requests) + 1
	s.requests = append(s.requests, req)
	var answer Answer
	var handler HandlerFunc
	scripted := false
	if isChat && req.DecodeError == "" {
		if len(s.queue) > 0 {
			answer, s.queue, scripted = s.queue[0], s.queue[1:], true
		} else if s.handler != nil {
			handler = s.handler
		}
	}
	s.mu.Unlock()

	switch {
	case !isChat:
		writeError(w, Status(http.StatusNotFound, "fakeopenai serves only POST .../chat/completions, not "+r.Method+" "+r.URL.Path))
		return
	case req.DecodeError != "":
		writeError(w, Status(http.StatusBadRequest, "fakeopenai: invalid chat completions body: "+req.DecodeError))
		return
	case handler != nil:
		answer, scripted = handler(req), true
	}
	if !scripted {
		writeError(w, Status(http.StatusInternalServerError, "fakeopenai: no answer scripted for this call"))
		return
	}
	s.answer(w, r, req, answer)
}

// wait pauses for d, and reports false when the client went away or the
// server is closing before d passed.
func (s *Server) wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		select {
		case <-r.Context().Done():
			return false
		case <-s.closing:
			return false
		default:
			return true
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	case <-s.closing:
		return false
	}
}

// stall waits until the client goes away or the server closes.
func (s *Server) stall(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.closing:
	}
}

// answer writes a scripted answer to a chat completions request.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, req Request, a Answer) {
	if !s.wait(r, a.Delay) {
		return
	}
	for k, vs := range a.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if a.StatusCode != 0 && a.StatusCode != http.StatusOK {
		writeError(w, a)
		return
	}
	if req.Stream {
		s.stream(w, r, req, a)
		return
	}
	s.plain(w, r, req, a)
}
