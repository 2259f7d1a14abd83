package explainerr

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/report"
)

// reportAction returns the action named action on a stored report, or nil
// when there is none. Actions are served at
// /_explainerr/reports/{id}/{action} to the developer only (the guard has
// admitted the client; the action checks the method, and sameOrigin for a
// request that changes anything).
func reportAction(action string) func(ex *Explainer, w http.ResponseWriter, r *http.Request, id string, admit guard.Admission) {
	switch action {
	case askAction:
		return (*Explainer).serveFollowUp
	}
	return nil
}

// isHistoryPath reports whether path is served by the middleware itself:
// the failure history and its reports.
func isHistoryPath(path string) bool {
	return strings.HasPrefix(path, historyPath) || path == historyPath[:len(historyPath)-1]
}

// serveHistory serves the failure history's paths to the developer. It
// returns false, leaving the request to the app as if explainerr were not
// there, when the guard refuses the client: a client that may not see a
// report learns nothing from these paths either.
func (ex *Explainer) serveHistory(rw http.ResponseWriter, r *http.Request) bool {
	admit := ex.cfg.guard.Decide(r, guard.Admit(r))
	if !admit.OK() {
		ex.log.LogAttrs(r.Context(), slog.LevelWarn, "explainerr: the failure history is for the developer only; the request was passed to the app",
			slog.String("method", r.Method), slog.String("path", truncate(r.URL.Path, 200)), slog.String("why", admit.Refused()))
		return false
	}
	h := rw.Header()
	guard.ReportCORS(h, admit)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	rest, ok := strings.CutPrefix(r.URL.Path, historyPath)
	switch {
	case !ok:
		http.Redirect(rw, r, historyPath, http.StatusMovedPermanently)
	case rest == "":
		ex.serveHistoryList(rw, r)
	case strings.HasPrefix(rest, "reports/"):
		id, action, hasAction := strings.Cut(rest[len("reports/"):], "/")
		switch {
		case !history.ValidID(id):
			http.Error(rw, "explainerr: not a report id", http.StatusNotFound)
		case !hasAction:
			ex.serveStoredReport(rw, r, id)
		case reportAction(action) != nil:
			reportAction(action)(ex, rw, r, id, admit)
		default:
			http.Error(rw, "explainerr: no such page", http.StatusNotFound)
		}
	default:
		http.Error(rw, "explainerr: no such page; the failure history is at "+historyPath, http.StatusNotFound)
	}
	return true
}

// historyJSON is the history as JSON: {"failures": [...]}.
type historyJSON struct {
	Failures []history.Entry `json:"failures"`
}

// serveHistoryList answers the history's own path: GET lists the failures
// (HTML, JSON or text by Accept); POST (the page's button) and DELETE
// clear the history, from the same origin only.
func (ex *Explainer) serveHistoryList(rw http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost, http.MethodDelete:
		ex.clearHistory(rw, r)
		return
	default:
		rw.Header().Set("Allow", "GET, HEAD, POST, DELETE")
		http.Error(rw, "explainerr: method not allowed", http.StatusMethodNotAllowed)
		return
	}
	entries := ex.history.List()
	for i := range entries {
		entries[i].Report = reportsPath + entries[i].ID
	}
	h := rw.Header()
	switch negotiate(r) {
	case formatJSON:
		out := historyJSON{Failures: entries}
		if out.Failures == nil {
			out.Failures = []history.Entry{}
		}
		h.Set("Content-Type", "application/json; charset=utf-8")
		enc := json.NewEncoder(rw)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	case formatHTML:
		v := ex.historyView(entries)
		v.Nonce = page.HistoryHeaders(h)
		page.WriteHistory(rw, v)
	default:
		h.Set("Content-Type", "text/plain; charset=utf-8")
		scheme := "http://"
		if r.TLS != nil {
			scheme = "https://"
		}
		page.WriteHistoryText(rw, ex.historyView(entries), scheme+r.Host)
	}
}

// historyView is the page's view of the history's entries.
func (ex *Explainer) historyView(entries []history.Entry) *page.HistoryView {
	v := &page.HistoryView{ClearAction: historyPath, Kept: ex.historyKept()}
	v.Entries = entries
	return v
}

// historyKept says how the history is bounded and where it is kept.
func (ex *Explainer) historyKept() string {
	n, age := ex.cfg.historyMax, ex.cfg.historyAge
	if n <= 0 {
		n = history.DefaultMaxReports
	}
	if age <= 0 {
		age = history.DefaultMaxAge
	}
	s := fmt.Sprintf("at most %d reports, none older than %s", n, humanDuration(age))
	if dir := ex.history.Dir(); dir != "" {
		return s + "; stored in " + dir
	}
	return s + "; in memory only"
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

// clearHistory forgets every report, for a same-origin POST (the page's
// button, answered with a redirect back to it) or DELETE (answered 204).
func (ex *Explainer) clearHistory(rw http.ResponseWriter, r *http.Request) {
	if !guard.SameOrigin(r) {
		http.Error(rw, "explainerr: the history can be cleared from its own page only (a same-origin request)", http.StatusForbidden)
		return
	}
	if err := ex.history.Clear(); err != nil {
		ex.log.Warn("explainerr: clearing the failure history: " + err.Error())
		http.Error(rw, "explainerr: the history was cleared in memory but a file could not be removed: see the server log", http.StatusInternalServerError)
		return
	}
	ex.log.Info("explainerr: the failure history was cleared")
	if r.Method == http.MethodPost {
		http.Redirect(rw, r, historyPath, http.StatusSeeOther)
		return
	}
	rw.WriteHeader(http.StatusNoContent)
}

// serveStoredReport answers a stored report's page: HTML, JSON or Markdown
// by Accept, for the latest report of a failure or any other still kept.
// A report still being explained is waited for.
func (ex *Explainer) serveStoredReport(rw http.ResponseWriter, r *http.Request, id string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		http.Error(rw, "explainerr: method not allowed", http.StatusMethodNotAllowed)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), ex.awaitTimeout())
	defer cancel()
	rep, ok := ex.history.Await(ctx, id)
	if !ok {
		http.Error(rw, "explainerr: no report "+id+" here: it was never made by this server, or it is no longer kept (see "+historyPath+")", http.StatusNotFound)
		return
	}
	h := rw.Header()
	switch negotiate(r) {
	case formatHTML:
		nonce := ex.reportPageHeaders(h)
		rw.WriteHeader(http.StatusOK)
		if err := ex.startPage(rw, rep, nonce); err != nil {
			return
		}
		page.EndStored(rw, rep, historyPath, ex.followUpSection(id))
	case formatJSON:
		h.Set("Content-Type", "application/json; charset=utf-8")
		enc := json.NewEncoder(rw)
		enc.SetIndent("", "  ")
		enc.Encode(storedReport{Report: rep.Report(), FollowUps: ex.history.FollowUps(id)})
	default:
		h.Set("Content-Type", "text/markdown; charset=utf-8")
		io.WriteString(rw, page.MarkdownWith(rep, followUpsMarkdown(ex.history.FollowUps(id))))
	}
}

// storedReport is a stored report as JSON: the report, with the follow-up
// questions asked about it and their answers, oldest first.
type storedReport struct {
	*report.Report
	FollowUps []history.FollowUp `json:"follow_ups,omitempty"`
}

// followUpsMarkdown writes the follow-up questions and answers of a stored
// report, which its Markdown puts right after the explanation, as its page
// does.
func followUpsMarkdown(fs []history.FollowUp) string {
	if len(fs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Follow-up questions\n")
	for _, f := range fs {
		b.WriteString("\n### " + strings.Join(strings.Fields(f.Question), " ") + "\n\n")
		switch {
		case f.Answer != "":
			b.WriteString(strings.TrimSpace(f.Answer) + "\n")
		case f.Error != "":
			b.WriteString("(no answer: " + f.Error + ")\n")
		}
	}
	return b.String()
}

// awaitTimeout bounds the wait for a report still being explained: the
// explanation's own timeout, and a little more.
func (ex *Explainer) awaitTimeout() time.Duration {
	t := ex.cfg.timeout
	if t <= 0 {
		t = 20 * time.Second
	}
	return t + 5*time.Second
}
