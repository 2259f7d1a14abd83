package logcapture

import (
	"context"
	"io"
	"log/slog"
)

// Writer returns a writer whose every Write is kept as a log line of the
// calling goroutine, so that a failing request's report shows it; it
// writes nowhere else. explainerr.LogWriter offers it for loggers other
// than log and slog's default.
func Writer() io.Writer { return lineWriter{} }

// Handler returns a slog.Handler that hands every record to h and keeps
// it as a log line of the calling goroutine, so that a failing request's
// report shows it. slog's default logger is wrapped this way by Start;
// explainerr.LogHandler offers it for the app's own loggers.
func Handler(h slog.Handler) slog.Handler {
	rec := slog.NewTextHandler(lineWriter{}, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})
	return &captureHandler{next: h, rec: rec}
}

// lineWriter keeps each Write as a captured line of the calling goroutine.
type lineWriter struct{}

func (lineWriter) Write(p []byte) (int, error) {
	lines.add(p)
	return len(p), nil
}

// captureHandler hands records to next and keeps them, formatted by rec.
type captureHandler struct{ next, rec slog.Handler }

func (h *captureHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *captureHandler) Handle(ctx context.Context, r slog.Record) error {
	_ = h.rec.Handle(ctx, r)
	return h.next.Handle(ctx, r)
}

func (h *captureHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &captureHandler{next: h.next.WithAttrs(as), rec: h.rec.WithAttrs(as)}
}

func (h *captureHandler) WithGroup(name string) slog.Handler {
	return &captureHandler{next: h.next.WithGroup(name), rec: h.rec.WithGroup(name)}
}
