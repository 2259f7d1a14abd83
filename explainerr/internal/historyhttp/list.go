package historyhttp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/page"
)

// listJSON is the history as JSON: {"failures": [...]}.
type listJSON struct {
	Failures []history.Entry `json:"failures"`
}

// serveList answers the history's own path: GET lists the failures (HTML,
// JSON or text by Accept); POST (the page's button) and DELETE clear the
// history, from the same origin only.
func (s *Server) serveList(rw http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost, http.MethodDelete:
		s.clear(rw, r)
		return
	default:
		rw.Header().Set("Allow", "GET, HEAD, POST, DELETE")
		http.Error(rw, "explainerr: method not allowed", http.StatusMethodNotAllowed)
		return
	}
	entries := s.Store.List()
	for i := range entries {
		entries[i].Report = ReportsPath + entries[i].ID
	}
	h := rw.Header()
	switch page.Negotiate(r) {
	case page.FormatJSON:
		out := listJSON{Failures: entries}
		if out.Failures == nil {
			out.Failures = []history.Entry{}
		}
		h.Set("Content-Type", "application/json; charset=utf-8")
		enc := json.NewEncoder(rw)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	case page.FormatHTML:
		v := s.view(entries)
		v.Nonce = page.HistoryHeaders(h)
		page.WriteHistory(rw, v)
	default:
		h.Set("Content-Type", "text/plain; charset=utf-8")
		scheme := "http://"
		if r.TLS != nil {
			scheme = "https://"
		}
		page.WriteHistoryText(rw, s.view(entries), scheme+r.Host)
	}
}

// view is the page's view of the history's entries.
func (s *Server) view(entries []history.Entry) *page.HistoryView {
	return &page.HistoryView{ClearAction: Path, Kept: s.kept(), Entries: entries}
}

// kept says how the history is bounded and where it is kept.
func (s *Server) kept() string {
	n, age := s.MaxReports, s.MaxAge
	if n <= 0 {
		n = history.DefaultMaxReports
	}
	if age <= 0 {
		age = history.DefaultMaxAge
	}
	text := fmt.Sprintf("at most %d reports, none older than %s", n, humanDuration(age))
	if dir := s.Store.Dir(); dir != "" {
		return text + "; stored in " + dir
	}
	return text + "; in memory only"
}

// humanDuration writes d in days or hours when it is a whole number of
// them.
func humanDuration(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		if n := d / (24 * time.Hour); n != 1 {
			return fmt.Sprintf("%d days", n)
		}
		return "1 day"
	case d%time.Hour == 0:
		return fmt.Sprintf("%d h", d/time.Hour)
	}
	return d.String()
}

// clear forgets every report, for a same-origin POST (the page's button,
// answered with a redirect back to it) or DELETE (answered 204).
func (s *Server) clear(rw http.ResponseWriter, r *http.Request) {
	if !guard.SameOrigin(r) {
		http.Error(rw, "explainerr: the history can be cleared from its own page only (a same-origin request)", http.StatusForbidden)
		return
	}
	if err := s.Store.Clear(); err != nil {
		s.Log.Warn("explainerr: clearing the failure history: " + err.Error())
		http.Error(rw, "explainerr: the history was cleared in memory but a file could not be removed: see the server log", http.StatusInternalServerError)
		return
	}
	s.Log.Info("explainerr: the failure history was cleared")
	if r.Method == http.MethodPost {
		http.Redirect(rw, r, Path, http.StatusSeeOther)
		return
	}
	rw.WriteHeader(http.StatusNoContent)
}
