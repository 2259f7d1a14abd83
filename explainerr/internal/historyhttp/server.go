package historyhttp

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// Server serves the failure history to the developer. Its fields are set
// once, before the first request.
type Server struct {
	// Store holds the reports.
	Store *history.Store
	// Guard decides who may see the history: whoever may see a report.
	Guard *guard.Config
	// Log receives the refusals and what could not be done.
	Log *slog.Logger
	// MaxReports and MaxAge are the history's bounds as configured (0: the
	// store's default), shown on its page.
	MaxReports int
	MaxAge     time.Duration
	// AwaitTimeout bounds the wait for a report still being explained.
	AwaitTimeout time.Duration
	// StartPage writes the top of a stored report's HTML page (with the
	// middleware's editor links).
	StartPage func(w io.Writer, rep redact.Sealed, nonce string) error
	// Engine answers follow-up questions about a stored report, when a
	// model is configured.
	Engine *engine.Engine
	// Language is the natural language answers are asked in ("": the
	// model's default).
	Language string
}

// Serve serves the history's path r asks for (IsPath) to the developer.
// It returns false, leaving the request to the app as if the history were
// not there, when the guard refuses the client.
func (s *Server) Serve(rw http.ResponseWriter, r *http.Request) bool {
	admit := s.Guard.Decide(r, guard.Admit(r))
	if !admit.OK() {
		s.Log.LogAttrs(r.Context(), slog.LevelWarn, "explainerr: the failure history is for the developer only; the request was passed to the app",
			slog.String("method", r.Method), slog.String("path", shorten(r.URL.Path, 200)), slog.String("why", admit.Refused()))
		return false
	}
	h := rw.Header()
	guard.ReportCORS(h, admit)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	rest, ok := strings.CutPrefix(r.URL.Path, Path)
	switch {
	case !ok:
		http.Redirect(rw, r, Path, http.StatusMovedPermanently)
	case rest == "":
		s.serveList(rw, r)
	case strings.HasPrefix(rest, "reports/"):
		id, action, hasAction := strings.Cut(rest[len("reports/"):], "/")
		switch {
		case !history.ValidID(id):
			http.Error(rw, "explainerr: not a report id", http.StatusNotFound)
		case !hasAction:
			s.serveReport(rw, r, id)
		case action == askAction:
			s.serveFollowUp(rw, r, id, admit)
		default:
			http.Error(rw, "explainerr: no such page", http.StatusNotFound)
		}
	default:
		http.Error(rw, "explainerr: no such page; the failure history is at "+Path, http.StatusNotFound)
	}
	return true
}

// shorten cuts s to n bytes, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
