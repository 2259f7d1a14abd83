package explainerr

import (
	"log/slog"
	"net/http"
	"sync"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/handler"
)

// handlerLogsOnce makes the first New install the handler package's logs.
var handlerLogsOnce sync.Once

// installHandlerLogs gives the handler package the logs of a build that
// uses explainerr; New calls it, once per process. From then on a
// HandlerFunc that fails where no middleware takes its error logs it, and
// so does handler.Fail when a wrapper hid the middleware's writer from it:
// with its secrets hidden, and with the wrapper that kept the error from
// the report named, so that no error is lost without a word. The error's
// methods are called under the default deadline (valuecalls.go), so that
// the 500 is not held up by them.
func installHandlerLogs() {
	handlerLogsOnce.Do(func() {
		handler.SetErrorLog(logUntakenError)
		handler.SetHandOverLog(logHandOver)
	})
}

// logUntakenError logs an error a HandlerFunc returned where no middleware
// took it, with its secrets hidden.
func logUntakenError(r *http.Request, err error) {
	calls := newValueCalls(DefaultValueDeadline)
	defer calls.done()
	slog.ErrorContext(r.Context(), "handler returned an error",
		"method", r.Method, "path", redact.String(r.URL.Path), "error", redact.String(describe(err, calls)))
}

// logHandOver logs, in one record, an error that could not reach the
// middleware's writer because the response writer hider, which has no
// Unwrap() http.ResponseWriter method, keeps it out of reach; r is nil
// for an error handler's handler.Fail, which is not given the request.
func logHandOver(r *http.Request, err error, hider string) {
	msg := "explainerr could not take the error: the response writer " + hider +
		" has no Unwrap() http.ResponseWriter method, so it hides explainerr's writer; give it one, or put explainerr inside the middleware that wraps it"
	calls := newValueCalls(DefaultValueDeadline)
	defer calls.done()
	args := []any{"error", redact.String(describe(err, calls)), "hidden_by", hider}
	if r == nil {
		slog.Error(msg, args...)
		return
	}
	slog.ErrorContext(r.Context(), msg, append([]any{"method", r.Method, "path", redact.String(r.URL.Path)}, args...)...)
}
