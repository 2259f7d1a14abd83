package explainerr

import (
	"log/slog"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/handler"
)

// A HandlerFunc that fails where no middleware takes its error logs it,
// and so does handler.Fail when a wrapper hid the middleware's writer from
// it: in a build that links explainerr, with its secrets hidden, and with
// the wrapper that kept the error from the report named, so that no error
// is lost without a word.
func init() {
	handler.SetErrorLog(func(r *http.Request, err error) {
		slog.ErrorContext(r.Context(), "handler returned an error",
			"method", r.Method, "path", redact.String(r.URL.Path), "error", redact.String(describe(err)))
	})
	handler.SetHandOverLog(logHandOver)
}

// logHandOver logs, in one record, an error that could not reach the
// middleware's writer because the response writer hider, which has no
// Unwrap() http.ResponseWriter method, keeps it out of reach; r is nil
// for an error handler's handler.Fail, which is not given the request.
func logHandOver(r *http.Request, err error, hider string) {
	msg := "explainerr could not take the error: the response writer " + hider +
		" has no Unwrap() http.ResponseWriter method, so it hides explainerr's writer; give it one, or put explainerr inside the middleware that wraps it"
	args := []any{"error", redact.String(describe(err)), "hidden_by", hider}
	if r == nil {
		slog.Error(msg, args...)
		return
	}
	slog.ErrorContext(r.Context(), msg, append([]any{"method", r.Method, "path", redact.String(r.URL.Path)}, args...)...)
}
