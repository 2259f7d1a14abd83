package explainerr

import (
	"html"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/historyhttp"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// reportLink is where a failure's report will be found: its id in the
// history, the path of its page on this server and, for the log, the full
// URL.
type reportLink struct {
	id, path, url string
}

// newHistory makes the store of the failure history from the
// configuration. Its files are read when it is first used.
func newHistory(cfg *config) *history.Store {
	dir := cfg.stateDir
	if !cfg.stateDirSet {
		dir = defaultStateDir()
	}
	opts := history.Options{
		MaxReports: cfg.historyMax,
		MaxAge:     cfg.historyAge,
	}
	if dir != "" {
		opts.Dir = filepath.Join(dir, "history")
		opts.CrashDir = filepath.Join(dir, "crashes")
	}
	logger := cfg.logger
	opts.OnError = func(err error) { logger.Warn("explainerr: failure history: " + err.Error()) }
	return history.New(opts)
}

// newHistoryServer returns the server of the failure history's pages and
// follow-up questions (package internal/historyhttp), with this
// Explainer's report pages and model.
func (ex *Explainer) newHistoryServer() *historyhttp.Server {
	return &historyhttp.Server{
		Store:        ex.history,
		Guard:        &ex.cfg.guard,
		Log:          ex.log,
		MaxReports:   ex.cfg.historyMax,
		MaxAge:       ex.cfg.historyAge,
		AwaitTimeout: ex.awaitTimeout(),
		StartPage:    ex.startPage,
		Engine:       ex.engine,
		Language:     ex.cfg.language,
	}
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

// defaultStateDir returns the .explainerr directory at the module root,
// where the history is persisted; "" (memory only) in a test binary, so
// that the tests of an app do not fill its history.
func defaultStateDir() string {
	if isTestBinary() {
		return ""
	}
	return filepath.Dir(DefaultIndexPath())
}

// isTestBinary reports whether the program is a binary "go test" built.
func isTestBinary() bool {
	name := filepath.Base(os.Args[0])
	return strings.HasSuffix(name, ".test") || strings.HasSuffix(name, ".test.exe")
}

// newReportLink names the report of a failure of r, whose client the guard
// judged admit. The full URL uses the request's Host when the guard allows
// it, else localhost and the port the connection came in on, so that a
// forged Host never becomes a link in the developer's terminal.
func (ex *Explainer) newReportLink(r *http.Request, admit guard.Admission) reportLink {
	id := history.NewID()
	l := reportLink{id: id, path: historyhttp.ReportsPath + id}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := admit.Host()
	if guard.HostName(host) == "" || !ex.cfg.guard.HostAllowed(host) {
		host = "localhost"
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			if _, port, err := net.SplitHostPort(a.String()); err == nil {
				host = net.JoinHostPort(host, port)
			}
		}
	}
	l.url = scheme + "://" + host + l.path
	return l
}

// attr is the report's URL as a log attribute.
func (l reportLink) attr() slog.Attr { return slog.String("report", l.url) }

// remember keeps rep, the complete report of a failure, in the history
// under l's id.
func (ex *Explainer) remember(l reportLink, rep redact.Sealed) {
	ex.keep(l, rep, ex.history.Add)
}

// rememberRefused is remember for a failure whose client was refused the
// report: it is kept apart, within its own bound, so that failures anyone
// can cause never push the developer's reports out of the history.
func (ex *Explainer) rememberRefused(l reportLink, rep redact.Sealed) {
	ex.keep(l, rep, ex.history.AddRefused)
}

// keep stamps rep with the time if it has none and adds it to the
// history with add, logging a failure to keep it.
func (ex *Explainer) keep(l reportLink, rep redact.Sealed, add func(string, redact.Sealed) error) {
	if rep.Time().IsZero() {
		rep = rep.Amend(func(r *report.Report) { r.Time = time.Now() })
	}
	if err := add(l.id, rep); err != nil {
		ex.log.Warn("explainerr: failure history: " + err.Error())
	}
}

// reportLinkLine returns the live error page's line that points at the
// report's own page, kept with the failure history, where a follow-up
// question can be asked when a model is configured; "" without a path.
func (ex *Explainer) reportLinkLine(path string) string {
	if path == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n<p class=\"backlink\">This report is kept at <a href=\"")
	b.WriteString(html.EscapeString(path))
	b.WriteString("\"><code>")
	b.WriteString(html.EscapeString(path))
	b.WriteString("</code></a>")
	if ex.engine.CanFollowUp() {
		b.WriteString(", where you can ask the model a follow-up question about it")
	}
	b.WriteString(".</p>")
	return b.String()
}
