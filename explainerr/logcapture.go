package explainerr

import (
	"io"
	"log/slog"

	"github.com/explainerr/explainerr/explainerr/internal/logcapture"
)

// WithLogCapture turns on or off (EXPLAINERR_LOGS=off) the capture of what
// a failing request wrote to the standard log package and to log/slog's
// default logger while its handler ran; it is on by default. Lines are
// attributed by the goroutine that served the request, redacted, and shown
// in the report, the page and the prompt.
func WithLogCapture(on bool) Option { return func(c *config) { c.logCapture = &on } }

// LogWriter returns a writer whose every Write is kept as a log line of the
// calling goroutine, so that a failing request's report shows it. Tee a
// logger's output into it to capture a logger other than log and slog's
// default, such as zerolog (zerolog.MultiLevelWriter(os.Stderr,
// explainerr.LogWriter())) or logrus (logger.SetOutput(io.MultiWriter(
// os.Stderr, explainerr.LogWriter()))). It writes nowhere else.
func LogWriter() io.Writer { return logcapture.Writer() }

// LogHandler returns a slog.Handler that hands every record to h and keeps
// it as a log line of the calling goroutine, so that a failing request's
// report shows it. slog's default logger is wrapped this way by New; use
// LogHandler for loggers of your own (slog.New(explainerr.LogHandler(h))).
func LogHandler(h slog.Handler) slog.Handler { return logcapture.Handler(h) }
