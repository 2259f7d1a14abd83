package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/openai/openai-go/v3/option"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// StatusError is an error status answered by the server.
type StatusError struct {
	// StatusCode is the HTTP status, such as 429.
	StatusCode int
	// Message is the server's own short explanation, redacted and cut to
	// a few hundred bytes; "" when it sent none.
	Message string
	// RetryAfter is the wait the server asked for (Retry-After or
	// Retry-After-Ms); 0 when it asked for none.
	RetryAfter time.Duration
}

// Error returns the status and the server's message.
func (e *StatusError) Error() string {
	s := fmt.Sprintf("status %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Retryable reports whether the status is worth another attempt.
func (e *StatusError) Retryable() bool {
	c := e.StatusCode
	return c == http.StatusRequestTimeout || c == http.StatusConflict || c == http.StatusTooManyRequests || c >= 500
}

// ErrResponseTooLarge is returned when the server's answer is larger than
// Config.MaxResponseBytes.
var ErrResponseTooLarge = errors.New("the server's answer is larger than the configured limit")

// maxErrorBody bounds how much of an error answer is read.
const maxErrorBody = 8 << 10

// inspectResponse is an SDK middleware that turns error statuses into a
// StatusError carrying the server's message, and caps the bytes read from
// a successful answer.
func inspectResponse(limit int64) option.Middleware {
	return func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		res, err := next(req)
		if err != nil || res == nil {
			return res, err
		}
		if res.StatusCode >= 400 {
			body, _ := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
			_ = res.Body.Close()
			return nil, &StatusError{StatusCode: res.StatusCode, Message: serverMessage(body), RetryAfter: retryAfter(res.Header)}
		}
		res.Body = &cappedBody{ReadCloser: res.Body, left: limit}
		return res, nil
	}
}

// cappedBody fails reads past its limit with ErrResponseTooLarge.
type cappedBody struct {
	io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, ErrResponseTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	return n, err
}

// serverMessage extracts the message of an error body: OpenAI's
// {"error": {"message": ...}}, Ollama's {"error": "..."}, a bare
// {"message": ...}, or else the text itself, redacted and shortened.
func serverMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	msg := ""
	if json.Unmarshal(body, &v) == nil {
		var nested struct {
			Message string `json:"message"`
		}
		var flat string
		switch {
		case json.Unmarshal(v.Error, &nested) == nil && nested.Message != "":
			msg = nested.Message
		case json.Unmarshal(v.Error, &flat) == nil && flat != "":
			msg = flat
		default:
			msg = v.Message
		}
	} else {
		msg = string(body)
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if len(msg) > 300 {
		msg = strings.ToValidUTF8(msg[:300], "") + "…"
	}
	return redact.String(msg)
}

// retryAfter reads the wait a server asked for.
func retryAfter(h http.Header) time.Duration {
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := h.Get("Retry-After")
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// retryWait decides whether attempt number attempt (1-based), which failed
// with err, is retried and after which wait. No retry is made when the
// wait would end after ctx's deadline.
func (p *Provider) retryWait(ctx context.Context, err error, attempt int) (time.Duration, bool) {
	var se *StatusError
	if !errors.As(err, &se) || !se.Retryable() || attempt > p.cfg.MaxRetries || ctx.Err() != nil {
		return 0, false
	}
	wait := p.cfg.RetryBackoff << min(attempt-1, 3)
	if se.RetryAfter > 0 {
		if se.RetryAfter > p.cfg.MaxRetryWait {
			return 0, false
		}
		wait = se.RetryAfter
	}
	if dl, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(dl) {
		return 0, false
	}
	return wait, true
}

// describe turns the error of the last attempt into one that says what
// happened in words, keeping the original in the chain (errors.Is and
// errors.As still work).
func (p *Provider) describe(ctx context.Context, err error, attempts int) error {
	server := redact.String(p.cfg.BaseURL)
	tries := ""
	if attempts > 1 {
		tries = fmt.Sprintf(" (after %d attempts)", attempts)
	}
	var se *StatusError
	var syntaxErr *json.SyntaxError
	var netErr net.Error
	switch {
	case errors.Is(ctx.Err(), context.Canceled) || (ctx.Err() == nil && errors.Is(err, context.Canceled)):
		return fmt.Errorf("the explanation was canceled before the model server at %s finished%s: %w", server, tries, context.Canceled)
	case ctx.Err() != nil, errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("no complete answer from the model server at %s before the deadline%s: %w", server, tries, context.DeadlineExceeded)
	case errors.As(err, &se):
		if se.StatusCode == http.StatusUnauthorized || se.StatusCode == http.StatusForbidden {
			return fmt.Errorf("the model server at %s refused the credentials (check OPENAI_API_KEY): %w", server, err)
		}
		if se.StatusCode == http.StatusNotFound {
			return fmt.Errorf("the model server at %s answered %w (check the base URL, which usually ends in /v1, and the model name %q)", server, err, p.cfg.Model)
		}
		return fmt.Errorf("the model server at %s answered %w%s", server, err, tries)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("cannot reach the model server at %s: connection refused (is it running?): %w", server, err)
	case errors.Is(err, ErrStreamCut), errors.Is(err, ErrEmptyAnswer), errors.Is(err, ErrResponseTooLarge):
		return fmt.Errorf("model server at %s: %w", server, err)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Errorf("model server at %s: %w (the connection closed early: %v)", server, ErrStreamCut, err)
	case errors.As(err, &syntaxErr), isJSONError(err):
		return fmt.Errorf("the model server at %s sent an answer that is not valid JSON: %w", server, err)
	case errors.As(err, &netErr):
		return fmt.Errorf("cannot reach the model server at %s: %w", server, err)
	}
	return fmt.Errorf("model server at %s: %w", server, err)
}

// isJSONError reports whether err came from decoding JSON (the SDK's own
// decoder does not always return a *json.SyntaxError).
func isJSONError(err error) bool {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "invalid character") || strings.Contains(s, "unexpected end of JSON") || strings.Contains(s, "apijson")
}
