package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Request is one request the server received, as recorded.
type Request struct {
	// Call is the 1-based number of the request, in arrival order.
	Call int
	// Method and Path are the request's method and URL path, such as
	// "POST" and "/v1/chat/completions".
	Method string
	Path   string
	// Header is a copy of the request headers.
	Header http.Header
	// Body holds the raw body bytes exactly as received.
	Body []byte

	// Model is the "model" of a chat completions body.
	Model string
	// Messages are the body's messages; content given as a list of parts
	// is joined into one string.
	Messages []Message
	// Stream is the body's "stream" flag.
	Stream bool
	// IncludeUsage is stream_options.include_usage.
	IncludeUsage bool
	// MaxTokens is max_completion_tokens, or max_tokens when that is absent.
	MaxTokens int
	// DecodeError says why the body could not be decoded as a chat
	// completions request; "" when it could.
	DecodeError string
}

// Message is one chat message of a request.
type Message struct {
	Role    string
	Content string
}

// chatBody is the part of a chat completions request body the server reads.
type chatBody struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Stream        bool `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	MaxTokens           int `json:"max_tokens"`
	MaxCompletionTokens int `json:"max_completion_tokens"`
}

// decodeBody fills the decoded fields of req from req.Body.
func (req *Request) decodeBody() {
	var b chatBody
	if err := json.Unmarshal(req.Body, &b); err != nil {
		req.DecodeError = err.Error()
		return
	}
	req.Model, req.Stream = b.Model, b.Stream
	req.IncludeUsage = b.StreamOptions != nil && b.StreamOptions.IncludeUsage
	req.MaxTokens = b.MaxCompletionTokens
	if req.MaxTokens == 0 {
		req.MaxTokens = b.MaxTokens
	}
	for i, m := range b.Messages {
		content, err := messageContent(m.Content)
		if err != nil && req.DecodeError == "" {
			req.DecodeError = fmt.Sprintf("message %d: %v", i, err)
		}
		req.Messages = append(req.Messages, Message{Role: m.Role, Content: content})
	}
}

// messageContent decodes a message's content: a string, or a list of parts
// whose texts are joined.
func messageContent(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("content is neither a string nor a list of parts: %w", err)
	}
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p.Text)
	}
	return sb.String(), nil
}

// Message returns the content of the first message with the given role, and
// whether there is one.
func (req Request) Message(role string) (string, bool) {
	for _, m := range req.Messages {
		if m.Role == role {
			return m.Content, true
		}
	}
	return "", false
}

// promptBytes is the number of bytes of all message contents.
func (req Request) promptBytes() int {
	n := 0
	for _, m := range req.Messages {
		n += len(m.Content)
	}
	return n
}
