package logcapture

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"strings"
	"sync"
)

// logTee is installed as the log package's output: it keeps each line and
// passes it on to the output that was there before.
type logTee struct{ out io.Writer }

func (t *logTee) Write(p []byte) (int, error) {
	lines.add(p)
	return t.out.Write(p)
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

// Use is one Explainer's use of the hooks.
type Use struct{ release sync.Once }

// Start installs the hooks unless capture is turned off by the
// option or the environment; nil when it is off.
func Start(opt *bool) (*Use, error) {
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
	return &Use{}, nil
}

// Stop gives up this Explainer's use of the hooks; the last one restores
// the loggers. Safe to call more than once and on nil.
func (c *Use) Stop() {
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
		logHooks.slogOurs = slog.New(Handler(l.Handler()))
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
// wrapped it with Handler).
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
