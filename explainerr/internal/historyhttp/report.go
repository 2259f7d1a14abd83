package historyhttp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/report"
)

// serveReport answers a stored report's page: HTML, JSON or Markdown by
// Accept, for the latest report of a failure or any other still kept. A
// report still being explained is waited for, within AwaitTimeout.
func (s *Server) serveReport(rw http.ResponseWriter, r *http.Request, id string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		http.Error(rw, "explainerr: method not allowed", http.StatusMethodNotAllowed)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.AwaitTimeout)
	defer cancel()
	rep, ok := s.Store.Await(ctx, id)
	if !ok {
		http.Error(rw, "explainerr: no report "+id+" here: it was never made by this server, or it is no longer kept (see "+Path+")", http.StatusNotFound)
		return
	}
	h := rw.Header()
	switch page.Negotiate(r) {
	case page.FormatHTML:
		nonce := s.reportPageHeaders(h)
		rw.WriteHeader(http.StatusOK)
		if err := s.StartPage(rw, rep, nonce); err != nil {
			return
		}
		page.EndStored(rw, rep, Path, s.followUpSection(id))
	case page.FormatJSON:
		h.Set("Content-Type", "application/json; charset=utf-8")
		enc := json.NewEncoder(rw)
		enc.SetIndent("", "  ")
		enc.Encode(storedReport{Report: rep.Report(), FollowUps: s.Store.FollowUps(id)})
	default:
		h.Set("Content-Type", "text/markdown; charset=utf-8")
		io.WriteString(rw, page.MarkdownWith(rep, followUpsMarkdown(s.Store.FollowUps(id))))
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
