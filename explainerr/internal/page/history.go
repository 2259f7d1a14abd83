package page

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// HistoryView is what the failure history page is made from.
type HistoryView struct {
	Nonce   string
	Entries []history.Entry
	// ClearAction is the path the clear button posts to.
	ClearAction string
	// Kept says how the history is bounded and where it is stored, as in
	// "at most 100 reports, none older than 7 days; stored in …".
	Kept string
	// Note, when not "", is a line under the title.
	Note string
}

// historyCSS styles the history page on top of the error page's style.
const historyCSS = `
.hist{width:100%;border-collapse:collapse;font-size:13px}
.hist th{text-align:left;font-weight:600;color:var(--muted);border-bottom:1px solid var(--line);padding:6px 8px;white-space:nowrap}
.hist td{border-bottom:1px solid var(--line);padding:7px 8px;vertical-align:top}
.hist td.msg{overflow-wrap:anywhere;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.hist td.msg a{color:var(--fg);text-decoration:none;border-bottom:1px dotted var(--muted)}
.hist td.msg a:hover{color:var(--app)}
.hist .when{white-space:nowrap;color:var(--muted)}
.hist .count{font-weight:600;text-align:right}
.tag-late{background:var(--hit);border-color:var(--hit-edge)}
.kind-crash{background:var(--accent);color:var(--card)}
.head form{margin:0}
.backlink{margin:0 0 4px}
`

// HistoryHeaders prepares h for the history page and returns the nonce to
// render it with: like Headers, but the page may submit its one form (the
// clear button) to its own origin.
func HistoryHeaders(h http.Header) (nonce string) {
	nonce = Headers(h)
	h.Set("Content-Security-Policy", strings.Replace(ContentSecurityPolicy(nonce), "form-action 'none'", "form-action 'self'", 1))
	return nonce
}

// WriteHistory writes the failure history page: one row per failure,
// newest first, each linking to its latest report, and a button that
// clears the history. Every string is escaped.
func WriteHistory(w io.Writer, v *HistoryView) error {
	if v == nil {
		return errors.New("page: nil history view")
	}
	var b strings.Builder
	esc := func(s string) { htmlText.WriteString(&b, s) }
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
		"<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"robots\" content=\"noindex\">\n<title>Recent failures · explainerr</title>\n<style nonce=\"")
	esc(v.Nonce)
	b.WriteString("\">")
	b.WriteString(pageCSS)
	b.WriteString(historyCSS)
	b.WriteString("</style>\n</head>\n<body>\n<div class=\"page\">\n<header class=\"head\">\n<div class=\"badges\"><span class=\"tag\">explainerr</span><span class=\"spacer\"></span>")
	if len(v.Entries) > 0 && v.ClearAction != "" {
		b.WriteString("<form method=\"post\" action=\"")
		esc(v.ClearAction)
		b.WriteString("\"><button type=\"submit\" class=\"btn\" name=\"clear\" value=\"1\">Clear history</button></form>")
	}
	b.WriteString("</div>\n<h1 class=\"message\">Recent failures</h1>\n<p class=\"muted\">")
	b.WriteString(strconv.Itoa(len(v.Entries)))
	if len(v.Entries) == 1 {
		b.WriteString(" failure")
	} else {
		b.WriteString(" failures")
	}
	b.WriteString(", one line each, newest first")
	if v.Kept != "" {
		b.WriteString(" · ")
		esc(v.Kept)
	}
	b.WriteString("</p>")
	if v.Note != "" {
		b.WriteString("\n<p class=\"muted small\">")
		esc(v.Note)
		b.WriteString("</p>")
	}
	b.WriteString("\n</header>\n<section class=\"failures\" id=\"failures\">")
	if len(v.Entries) == 0 {
		b.WriteString("\n<p class=\"muted\">No failures recorded. A request that fails (a panic, an error a handler returns, a 5xx status) and a crash caught by <code>explainerr run</code> appear here.</p>")
	} else {
		writeHistoryTable(&b, v.Entries)
	}
	b.WriteString("\n</section>\n</div>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// refusedTitle explains the mark of a failure whose client was refused
// the report.
const refusedTitle = "the client got no report (another machine, or a page of another site): its request, message and logs are that client's text"

// writeHistoryTable writes the history's rows.
func writeHistoryTable(b *strings.Builder, entries []history.Entry) {
	esc := func(s string) { htmlText.WriteString(b, s) }
	b.WriteString("\n<table class=\"hist\">\n<thead><tr><th>Latest</th><th>Kind</th><th>Request</th><th>Status</th><th>Message</th><th>Explained by</th><th>Count</th></tr></thead>\n<tbody>")
	for _, e := range entries {
		b.WriteString("\n<tr class=\"failure\"><td class=\"when\"><time datetime=\"")
		esc(e.Time.UTC().Format(time.RFC3339))
		b.WriteString("\">")
		esc(e.Time.Local().Format("2006-01-02 15:04:05"))
		b.WriteString("</time></td><td><span class=\"tag tag-kind kind-")
		esc(e.Kind)
		b.WriteString("\">")
		esc(e.Kind)
		b.WriteString("</span>")
		if e.Late {
			b.WriteString(" <span class=\"tag tag-late\" title=\"the response had already started\">late</span>")
		}
		if e.Refused {
			b.WriteString(" <span class=\"tag tag-refused\" title=\"" + refusedTitle + "\">refused client</span>")
		}
		b.WriteString("</td><td>")
		if e.Method != "" || e.Path != "" {
			b.WriteString("<span class=\"method\">")
			esc(e.Method)
			b.WriteString("</span> <code>")
			esc(e.Path)
			b.WriteString("</code>")
			if e.Route != "" && e.Route != e.Path {
				b.WriteString("<br><span class=\"muted small\">route</span> <code>")
				esc(e.Route)
				b.WriteString("</code>")
			}
		} else {
			b.WriteString("<span class=\"muted\">no request</span>")
		}
		b.WriteString("</td><td>")
		if e.Status != 0 {
			b.WriteString(strconv.Itoa(e.Status))
		}
		b.WriteString("</td><td class=\"msg\"><a href=\"")
		esc(e.Report)
		b.WriteString("\">")
		if e.Message == "" {
			b.WriteString("(no message)")
		} else {
			esc(e.Message)
		}
		b.WriteString("</a></td><td>")
		if e.Explainer == "" {
			b.WriteString("<span class=\"muted\">not explained</span>")
		} else {
			esc(e.Explainer)
		}
		b.WriteString("</td><td class=\"count\">")
		b.WriteString(strconv.Itoa(e.Count))
		b.WriteString("</td></tr>")
	}
	b.WriteString("\n</tbody>\n</table>")
}

// WriteHistoryText writes the failure history as plain text, three lines a
// failure (what, the message, the report's URL: base and the entry's link),
// for curl and scripts.
func WriteHistoryText(w io.Writer, v *HistoryView, base string) error {
	var b strings.Builder
	if len(v.Entries) == 0 {
		b.WriteString("No failures recorded.\n")
	}
	for _, e := range v.Entries {
		b.WriteString(e.Time.UTC().Format(time.RFC3339))
		b.WriteString("  ")
		b.WriteString(e.Kind)
		if e.Late {
			b.WriteString(" (late)")
		}
		if e.Refused {
			b.WriteString(" (refused client)")
		}
		if e.Method != "" || e.Path != "" {
			b.WriteString("  ")
			b.WriteString(e.Method)
			b.WriteString(" ")
			b.WriteString(e.Path)
		}
		if e.Status != 0 {
			b.WriteString("  ")
			b.WriteString(strconv.Itoa(e.Status))
		}
		b.WriteString("  ×")
		b.WriteString(strconv.Itoa(e.Count))
		b.WriteString("\n    ")
		b.WriteString(oneLine(e.Message))
		b.WriteString("\n    ")
		b.WriteString(base)
		b.WriteString(e.Report)
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// EndStored is End for a stored report's page: after the explanation it
// adds extra (markup the caller built from escaped parts, such as the
// follow-ups) and a link back to the history at historyLink.
func EndStored(w io.Writer, s redact.Sealed, historyLink string, extra string) error {
	var b strings.Builder
	if err := End(&b, s); err != nil {
		return err
	}
	end := b.String()
	var add strings.Builder
	add.WriteString(extra)
	add.WriteString("\n<p class=\"backlink\"><a href=\"")
	htmlText.WriteString(&add, historyLink)
	add.WriteString("\">← All recent failures</a></p>")
	// The document ends with the page's closing tags: the additions go
	// inside the page, after the explanation.
	if i := strings.LastIndex(end, "\n</div>\n</body>"); i >= 0 {
		end = end[:i] + add.String() + end[i:]
	} else {
		end += add.String()
	}
	_, err := io.WriteString(w, end)
	return err
}
