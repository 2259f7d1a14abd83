package fakeopenai

import (
	"net/http"
	"strings"
	"time"
)

// Answer scripts how the server answers one call. The zero value answers
// with an empty assistant message; build answers with [Reply], [Status],
// [Stall], [Cut], [Malformed] or [Huge] and refine them with the With
// methods.
type Answer struct {
	// Text is the assistant's message content.
	Text string
	// Model is the model the server says it served; "" echoes the model of
	// the request.
	Model string
	// FinishReason is the choice's finish_reason; "" means "stop".
	FinishReason string
	// Usage is the token usage to report; nil estimates it (one token per
	// four bytes of the messages and of Text). Streams report usage only
	// when the request asked for it with stream_options.include_usage, as
	// OpenAI does.
	Usage *Usage

	// Pieces is how many stream deltas Text is split into; 0 means 3.
	// Plain (non-streaming) requests ignore it.
	Pieces int
	// PieceDelay is the pause before each stream delta.
	PieceDelay time.Duration
	// Delay is the pause before anything is sent (before the headers). The
	// pause ends early when the client goes away or the server closes.
	Delay time.Duration

	// StatusCode, when not 0 or 200, answers with this HTTP status and an
	// OpenAI-style error body carrying ErrorMessage (or Body, when set).
	StatusCode int
	// ErrorMessage is the error.message of an error status answer.
	ErrorMessage string
	// Header holds extra response headers, such as Retry-After.
	Header http.Header
	// Body, when not empty, is sent verbatim instead of a generated body
	// (plain answers and error statuses only).
	Body string

	// Stall makes the server stop sending and wait until the client goes
	// away or the server closes. A stream sends its headers and the first
	// StallAfter deltas first; a plain answer stalls before its headers.
	Stall bool
	// StallAfter is how many deltas a stalled stream sends before stalling
	// (at most all of them).
	StallAfter int

	// Cut makes the server drop the connection midway, with no final chunk
	// and no [DONE]: a stream after CutAfter deltas, a plain answer after
	// half of its JSON body.
	Cut bool
	// CutAfter is how many deltas a cut stream sends before the cut (at
	// most all of them).
	CutAfter int
	// CutCleanly ends a cut stream as a normal HTTP response that simply
	// stops (no final chunk, no [DONE]) instead of dropping the connection.
	CutCleanly bool

	// Malformed sends JSON that does not parse: the whole body of a plain
	// answer, or one stream event after the first delta.
	Malformed bool
}

// Usage is the token usage an answer reports.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
}

// Reply answers with text: a plain chat completion, or a stream of deltas
// when the request asked for one.
func Reply(text string) Answer { return Answer{Text: text} }

// Status answers with an HTTP error status and an OpenAI-style error body
// {"error": {"message": message, ...}}.
func Status(code int, message string) Answer {
	return Answer{StatusCode: code, ErrorMessage: message}
}

// Stall answers a stream with its headers and then nothing, and a plain
// request with nothing at all, until the client goes away or the server
// closes.
func Stall() Answer { return Answer{Stall: true} }

// Cut streams text but drops the connection after `after` deltas, without a
// final chunk or [DONE]; a plain request gets half of its JSON body.
func Cut(text string, after int) Answer {
	return Answer{Text: text, Cut: true, CutAfter: after, Pieces: max(after+1, 3)}
}

// Malformed answers with JSON that does not parse.
func Malformed() Answer { return Answer{Malformed: true, Text: "The answer starts well"} }

// Huge answers with a text of size bytes (repeated words).
func Huge(size int) Answer {
	const word = "lorem ipsum "
	text := strings.Repeat(word, size/len(word)+1)[:size]
	return Answer{Text: text, Pieces: max(size/4096, 3)}
}

// WithModel returns a copy of a that says it was served by model.
func (a Answer) WithModel(model string) Answer { a.Model = model; return a }

// WithFinishReason returns a copy of a with finish_reason set, such as
// "length" for an answer cut off by the token limit.
func (a Answer) WithFinishReason(reason string) Answer { a.FinishReason = reason; return a }

// WithUsage returns a copy of a reporting the given token usage.
func (a Answer) WithUsage(prompt, completion int) Answer {
	a.Usage = &Usage{PromptTokens: prompt, CompletionTokens: completion}
	return a
}

// WithDelay returns a copy of a that waits d before sending anything.
func (a Answer) WithDelay(d time.Duration) Answer { a.Delay = d; return a }

// WithPieces returns a copy of a streamed in n deltas, pausing delay before
// each.
func (a Answer) WithPieces(n int, delay time.Duration) Answer {
	a.Pieces, a.PieceDelay = n, delay
	return a
}

// WithHeader returns a copy of a that also sends the response header
// key: value.
func (a Answer) WithHeader(key, value string) Answer {
	h := a.Header.Clone()
	if h == nil {
		h = http.Header{}
	}
	h.Set(key, value)
	a.Header = h
	return a
}

// pieces splits the answer's text into the stream deltas to send, in order;
// they concatenate to Text. Splits fall on byte boundaries that keep UTF-8
// sequences whole.
func (a Answer) pieces() []string {
	n := a.Pieces
	if n <= 0 {
		n = 3
	}
	text := a.Text
	if text == "" {
		return nil
	}
	if n > len(text) {
		n = len(text)
	}
	out := make([]string, 0, n)
	size := len(text) / n
	for i := 0; i < n-1; i++ {
		end := size
		for end < len(text) && !isRuneStart(text[end]) {
			end++
		}
		out = append(out, text[:end])
		text = text[end:]
		if text == "" {
			return out
		}
	}
	return append(out, text)
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
