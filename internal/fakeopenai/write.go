package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Wire shapes of the OpenAI chat completions API, as far as the server
// writes them.
type (
	wireMessage struct {
		Role    string `json:"role,omitempty"`
		Content string `json:"content,omitempty"`
	}
	wireChoice struct {
		Index        int          `json:"index"`
		Message      *wireMessage `json:"message,omitempty"`
		Delta        *wireMessage `json:"delta,omitempty"`
		FinishReason *string      `json:"finish_reason"`
		Logprobs     any          `json:"logprobs"`
	}
	wireUsage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	}
	wireCompletion struct {
		ID      string       `json:"id"`
		Object  string       `json:"object"`
		Created int64        `json:"created"`
		Model   string       `json:"model"`
		Choices []wireChoice `json:"choices"`
		Usage   *wireUsage   `json:"usage,omitempty"`
	}
)

// served is the model name an answer says it was served by.
func (a Answer) served(req Request) string {
	if a.Model != "" {
		return a.Model
	}
	return req.Model
}

// finishReason is the answer's finish_reason.
func (a Answer) finishReason() string {
	if a.FinishReason != "" {
		return a.FinishReason
	}
	return "stop"
}

// usage is the answer's token usage, estimated when not scripted.
func (a Answer) usage(req Request) *wireUsage {
	u := wireUsage{PromptTokens: (req.promptBytes() + 3) / 4, CompletionTokens: (len(a.Text) + 3) / 4}
	if a.Usage != nil {
		u = wireUsage{PromptTokens: a.Usage.PromptTokens, CompletionTokens: a.Usage.CompletionTokens}
	}
	u.TotalTokens = u.PromptTokens + u.CompletionTokens
	return &u
}

// writeError writes an error status answer.
func writeError(w http.ResponseWriter, a Answer) {
	body := a.Body
	if body == "" {
		var e struct {
			Error struct {
				Message string  `json:"message"`
				Type    string  `json:"type"`
				Param   *string `json:"param"`
				Code    *string `json:"code"`
			} `json:"error"`
		}
		e.Error.Message = a.ErrorMessage
		e.Error.Type = errorType(a.StatusCode)
		b, _ := json.Marshal(e)
		body = string(b)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.StatusCode)
	_, _ = w.Write([]byte(body))
}

// errorType is the OpenAI error type usually sent with a status.
func errorType(status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return "rate_limit_exceeded"
	case status == http.StatusUnauthorized:
		return "invalid_api_key"
	case status >= 500:
		return "server_error"
	default:
		return "invalid_request_error"
	}
}

// plain writes a non-streaming chat completion.
func (s *Server) plain(w http.ResponseWriter, r *http.Request, req Request, a Answer) {
	if a.Stall {
		s.stall(r)
		return
	}
	var body []byte
	switch {
	case a.Body != "":
		body = []byte(a.Body)
	case a.Malformed:
		body = []byte(`{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":` + strconv.Quote(a.Text) + `,}`)
	default:
		finish := a.finishReason()
		body, _ = json.Marshal(wireCompletion{
			ID: fmt.Sprintf("chatcmpl-fake-%d", req.Call), Object: "chat.completion",
			Created: time.Now().Unix(), Model: a.served(req),
			Choices: []wireChoice{{Message: &wireMessage{Role: "assistant", Content: a.Text}, FinishReason: &finish}},
			Usage:   a.usage(req),
		})
	}
	w.Header().Set("Content-Type", "application/json")
	if a.Cut {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body[:len(body)/2])
		dropConnection(w)
		return
	}
	_, _ = w.Write(body)
}

// stream writes a chat completion as server-sent events.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, req Request, a Answer) {
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if flusher != nil {
		flusher.Flush()
	}
	id := fmt.Sprintf("chatcmpl-fake-%d", req.Call)
	created := time.Now().Unix()
	model := a.served(req)
	send := func(c wireCompletion) bool {
		c.ID, c.Object, c.Created, c.Model = id, "chat.completion.chunk", created, model
		b, _ := json.Marshal(c)
		return s.event(w, r, string(b))
	}

	pieces := a.pieces()
	for i := 0; ; i++ {
		switch {
		case a.Cut && i == min(a.CutAfter, len(pieces)):
			if !a.CutCleanly {
				dropConnection(w)
			}
			return
		case a.Stall && i == min(a.StallAfter, len(pieces)):
			s.stall(r)
			return
		case a.Malformed && i == min(1, len(pieces)):
			s.event(w, r, `{"id":"`+id+`","choices":[{"index":0,"delta":{"content": nope}`)
			return
		}
		if i >= len(pieces) {
			break
		}
		if !s.wait(r, a.PieceDelay) {
			return
		}
		delta := &wireMessage{Content: pieces[i]}
		if i == 0 {
			delta.Role = "assistant"
		}
		if !send(wireCompletion{Choices: []wireChoice{{Delta: delta}}}) {
			return
		}
	}
	finish := a.finishReason()
	if !send(wireCompletion{Choices: []wireChoice{{Delta: &wireMessage{}, FinishReason: &finish}}}) {
		return
	}
	if req.IncludeUsage {
		if !send(wireCompletion{Choices: []wireChoice{}, Usage: a.usage(req)}) {
			return
		}
	}
	s.event(w, r, "[DONE]")
}

// event writes one server-sent event and flushes it; it reports false when
// the client has gone away or the server is closing.
func (s *Server) event(w http.ResponseWriter, r *http.Request, data string) bool {
	if !s.wait(r, 0) {
		return false
	}
	if _, err := fmt.Fprintf(w, "data: %s\n\n", data); err != nil {
		return false
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return true
}

// dropConnection flushes what was written and closes the underlying
// connection, so the client sees the body end early.
func dropConnection(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	_ = conn.Close()
}
