package historyhttp

import (
	"encoding/json"
	"net/http"
)

// answerStream writes a follow-up answer as newline-delimited JSON, one
// event per line, flushed as it goes. The status (200) is sent with the
// first event, so that an answer that fails before any text arrives can
// still get an error status instead.
type answerStream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	started bool
	broken  bool // writing to the client failed: it is gone
}

// followUpDelta is one streamed piece of the answer.
type followUpDelta struct {
	Delta string `json:"delta"`
}

// followUpDone is the last event of an answer: the whole answer, what went
// wrong if it is incomplete, and the markup the page shows for it.
type followUpDone struct {
	Done      bool   `json:"done"`
	Answer    string `json:"answer"`
	Error     string `json:"error,omitempty"`
	Provider  string `json:"provider,omitempty"`
	Model     string `json:"model,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
	// HTML is the answered question as the report page shows it.
	HTML string `json:"html"`
}

// delta sends a piece of the answer.
func (s *answerStream) delta(text string) {
	if text != "" {
		s.event(followUpDelta{Delta: text})
	}
}

// done sends the last event.
func (s *answerStream) done(d followUpDone) { s.event(d) }

// event writes one line of JSON and flushes it.
func (s *answerStream) event(v any) {
	if s.broken {
		return
	}
	if !s.started {
		s.started = true
		h := s.w.Header()
		h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
		s.w.WriteHeader(http.StatusOK)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	if _, err := s.w.Write(append(b, '\n')); err != nil {
		s.broken = true
		return
	}
	s.rc.Flush()
}
