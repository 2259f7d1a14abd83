package explainerr

import (
	"context"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"strings"
	"sync"
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
func LogWriter() io.Writer { return lineWriter{} }

// LogHandler returns a slog.Handler that hands every record to h and keeps
// it as a log line of the calling goroutine, so that a failing request's
// report shows it. slog's default logger is wrapped this way by New; use
// LogHandler for loggers of your own (slog.New(explainerr.LogHandler(h))).
func LogHandler(h slog.Handler) slog.Handler {
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
	capturedLogs.add(p)
	return len(p), nil
}

// logTee is installed as the log package's output: it keeps each line and
// passes it on to the output that was there before.
type logTee struct{ out io.Writer }

func (t *logTee) Write(p []byte) (int, error) {
	capturedLogs.add(p)
	return t.out.Write(p)
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

// logHooks is the process-wide installation of the capture: the log
// package's output and slog's default logger are shared by every
// Explainer, so they are wrapped once, by the first Explainer that
// captures, and restored when the last one is closed (unless the app has
// replaced them since).
var logHooks struct {
	mu    sync.Mutex
	users int
	tee   *logTee
	// slogOurs is the default logger New installed and slogPrev the one it
	// replaced; both nil when slog's default writes through the log
	// package, whose output the tee already captures.
	slogOurs, slogPrev *slog.Logger
}

// logCapture is one Explainer's use of the hooks.
type logCapture struct{ release sync.Once }

// startLogCapture installs the hooks unless capture is turned off by the
// option or the environment; nil when it is off.
func startLogCapture(opt *bool) (*logCapture, error) {
	on := true
	if opt != nil {
		on = *opt
	} else if v := strings.TrimSpace(os.Getenv("EXPLAINERR_LOGS")); v != "" {
		switch strings.ToLower(v) {
		case "off", "0", "false", "no":
			on = false
		case "on", "1", "true", "yes":
		default:
			return nil, fmt.Errorf("explainerr: EXPLAINERR_LOGS=%q: use \"on\" or \"off\"", v)
		}
	}
	if !on {
		return nil, nil
	}
	hookLogs()
	return &logCapture{}, nil
}

// stop gives up this Explainer's use of the hooks; the last one restores
// the loggers. Safe to call more than once and on nil.
func (c *logCapture) stop() {
	if c != nil {
		c.release.Do(unhookLogs)
	}
}

// hookLogs counts one more Explainer that captures and makes sure the
// loggers are wrapped: a logger the app replaced since an earlier
// Explainer wrapped it is wrapped again.
func hookLogs() {
	logHooks.mu.Lock()
	defer logHooks.mu.Unlock()
	logHooks.users++
	if l := slog.Default(); l != logHooks.slogOurs && !writesThroughLog(l.Handler()) && !isCaptureHandler(l.Handler()) {
		out, flags := log.Writer(), log.Flags()
		logHooks.slogPrev = l
		logHooks.slogOurs = slog.New(LogHandler(l.Handler()))
		// SetDefault points the log package at the new handler too; put
		// back the output it had, so that log lines are kept once (by the
		// tee below) and still reach the app's handler as before.
		slog.SetDefault(logHooks.slogOurs)
		log.SetOutput(out)
		log.SetFlags(flags)
	}
	if logHooks.tee == nil || log.Writer() != io.Writer(logHooks.tee) {
		logHooks.tee = &logTee{out: log.Writer()}
		log.SetOutput(logHooks.tee)
	}
}

func unhookLogs() {
	logHooks.mu.Lock()
	defer logHooks.mu.Unlock()
	logHooks.users--
	if logHooks.users > 0 {
		return
	}
	out, flags := log.Writer(), log.Flags()
	if logHooks.slogOurs != nil && slog.Default() == logHooks.slogOurs {
		slog.SetDefault(logHooks.slogPrev)
		log.SetOutput(out)
		log.SetFlags(flags)
	}
	if out == io.Writer(logHooks.tee) {
		log.SetOutput(logHooks.tee.out)
	}
	logHooks.tee, logHooks.slogOurs, logHooks.slogPrev = nil, nil, nil
}

// isCaptureHandler reports whether h already keeps what it handles (the app
// wrapped it with LogHandler).
func isCaptureHandler(h slog.Handler) bool {
	_, ok := h.(*captureHandler)
	return ok
}

// writesThroughLog reports whether h is slog's built-in default handler,
// which writes through the log package (and so through the tee). The
// package offers no other way to tell.
func writesThroughLog(h slog.Handler) bool {
	return fmt.Sprintf("%T", h) == "*slog.defaultHandler"
}
