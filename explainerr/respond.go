package explainerr

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"io"
	"net/http"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/historyhttp"
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// handleFailure answers a failed request, one stage after another (see
// the package documentation): the guard's decision, the report completed
// from the request, the seal, the preparation, the explanation, and the
// sinks. The developer gets the page or report; other clients get the
// app's own response unchanged (a 5xx body it wrote passes through whole)
// or a plain 500, and their failure is reported in the background
// (queueRefused). If the response has already started, nothing more is
// written: the failure is logged (with the explanation made afterwards,
// off the request) and a panic aborts the response at once, as net/http
// would.
func (ex *Explainer) handleFailure(w *respcapture.Writer, r *http.Request, e *entry, admit guard.Admission, rep *report.Report) {
	// Who gets what.
	admit = ex.cfg.guard.Decide(r, admit)
	// The report, completed from the request; it is sealed below (on the
	// request for the developer, off it for the others), with the
	// request's own secrets.
	stamp(rep)
	rep.Request = describeRequest(r)
	if rep.Request.Route == "" {
		rep.Request.Route = routeFromRouter(e.next, r)
	}
	e.capture.attach(rep, r)
	known := requestSecrets(r, e.capture.body)
	rw := w.ResponseWriter
	ctx := r.Context()
	link := ex.newReportLink(r, admit)
	// A panic a recoverer inside explainerr took is over: its response
	// (passed through to a client that gets no report) stands.
	abort := rep.Error.Kind == report.KindPanic && rep.Error.Recoverer == "" && w.Started()

	switch {
	case !admit.OK():
		// A client that may not see the report causes no model call, and
		// its response does not wait for the report: that is prepared,
		// logged and kept off the request, within a bound (refused.go).
		note := "no report for this client: " + admit.Refused()
		switch {
		case w.Held():
			w.Release()
		case rep.Error.Late:
			note = "the response had already started; " + note
		case !w.Started():
			http.Error(rw, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		}
		ex.queueRefused(refusedFailure{rep: rep, known: known, note: note, link: link})
		if abort {
			panic(http.ErrAbortHandler)
		}
		return
	case optedOut(r) && !w.Started():
		// The developer asked for the app's own response (an API's error
		// format, a front-end that reads it): it goes out as the app
		// wrote it, with the report's address, and the report goes to the
		// history and the log.
		h := rw.Header()
		h.Set(guard.ReportHeader, link.path)
		if admit.OwnOrigin() {
			guard.ExposeReportHeader(h)
		}
		if w.Held() {
			w.Release()
		} else {
			http.Error(rw, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		}
		ex.explainLater(ctx, rep, known, "the request asked for the app's own response ("+optOutHeader+": off): the failure is reported here only", link)
		return
	case w.Started():
		note := "the response had already started: the failure is reported here only"
		if rep.Error.Late {
			note = "late: the response had already started, so the client got no error page; the failure is reported here only"
		}
		if abort {
			rep.Notices = append(rep.Notices, "The handler panicked after the response had started: net/http closed the connection, so the client got part of the response and then nothing.")
		}
		ex.explainLater(ctx, rep, known, note, link)
		if abort {
			panic(http.ErrAbortHandler)
		}
		return
	}

	w.DropHeld()
	prepared := ex.Prepare(ctx, ex.seal(rep, known))
	guard.ReportCORS(rw.Header(), admit)
	rw.Header().Set(guard.ReportHeader, link.path)
	ex.history.Reserve(link.id)
	pw := &pageWriter{ResponseWriter: rw}
	explained := prepared
	if p := catch(func() { ex.respond(pw, r, prepared, &explained) }); p != nil {
		explained = explained.WithNotices(fmt.Sprintf("rendering the error page failed: %s", safeSprint(p)))
		if !pw.wroteHeader {
			// The writer itself may be what failed: never let the
			// fallback panic out of the middleware.
			catch(func() {
				http.Error(rw, "explainerr: rendering the error page failed; see the server log", http.StatusInternalServerError)
			})
		}
	}
	// Logged first: once kept, the report's page and the history show it.
	ex.logFailure(explained, "", link.attr())
	ex.remember(link, explained)
}

// explainLater seals, prepares, explains, logs and keeps in the history
// (under link) a failure whose client gets no page, on another goroutine:
// the response is not held open for the model call. rep, with the
// request's secrets known, is the goroutine's from now on.
func (ex *Explainer) explainLater(ctx context.Context, rep *report.Report, known *redact.Known, note string, link reportLink) {
	ctx = context.WithoutCancel(ctx)
	// The report's page waits for it from now on; it is kept once logged.
	ex.history.Reserve(link.id)
	go func() {
		s := ex.seal(rep, known)
		if p := catch(func() { s = ex.engine.Explain(ctx, ex.Prepare(ctx, s), nil) }); p != nil {
			s = s.WithNotices(fmt.Sprintf("explaining the failure failed: %s", safeSprint(p)))
		}
		ex.logFailure(s, note, link.attr())
		ex.remember(link, s)
	}()
}

// pageWriter passes the page through to the client's writer and records
// whether a status was sent, so that a failure while rendering knows
// whether a fallback status may still be written.
type pageWriter struct {
	http.ResponseWriter
	wroteHeader bool
}

func (p *pageWriter) WriteHeader(code int) {
	p.wroteHeader = true
	p.ResponseWriter.WriteHeader(code)
}

func (p *pageWriter) Write(b []byte) (int, error) {
	p.wroteHeader = true
	return p.ResponseWriter.Write(b)
}

// WriteString writes s as Write does, handing the string itself to a
// client's writer that takes strings (net/http's does): the page, written
// as one string, is then not copied into a byte slice first.
func (p *pageWriter) WriteString(s string) (int, error) {
	p.wroteHeader = true
	return io.WriteString(p.ResponseWriter, s)
}

// Unwrap returns the client's writer, for http.ResponseController.
func (p *pageWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// pageDropsHeaders are headers of the app's response that describe a body
// the page replaces: the page is neither compressed nor a range of it, and
// has its own length and no validators.
var pageDropsHeaders = []string{
	"Content-Length", "Content-Type", "Content-Encoding", "Content-Range",
	"Etag", "Last-Modified", "Content-Disposition",
}

// respond explains s and writes the page or report in the negotiated
// format. s explained is set in *explained as soon as the explanation is
// made, so that a failure to write the rest loses nothing.
func (ex *Explainer) respond(rw http.ResponseWriter, r *http.Request, s redact.Sealed, explained *redact.Sealed) {
	h := rw.Header()
	for _, k := range pageDropsHeaders {
		h.Del(k)
	}
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	switch page.Negotiate(r) {
	case page.FormatHTML:
		ex.respondHTML(r.Context(), rw, s, explained)
	case page.FormatJSON:
		*explained = ex.engine.Explain(r.Context(), s, nil)
		h.Set("Content-Type", "application/json; charset=utf-8")
		rw.WriteHeader(s.Status())
		enc := json.NewEncoder(rw)
		enc.SetIndent("", "  ")
		enc.Encode(*explained)
	default:
		*explained = ex.engine.Explain(r.Context(), s, nil)
		h.Set("Content-Type", "text/markdown; charset=utf-8")
		rw.WriteHeader(s.Status())
		io.WriteString(rw, page.Markdown(*explained))
	}
}

// respondHTML sends the page with the trace at once and streams the
// explanation into it; s explained is set in *explained.
func (ex *Explainer) respondHTML(ctx context.Context, rw http.ResponseWriter, s redact.Sealed, explained *redact.Sealed) {
	nonce := page.Headers(rw.Header())
	rw.WriteHeader(s.Status())
	rc := http.NewResponseController(rw)
	if err := ex.startPage(rw, s, nonce); err != nil {
		return
	}
	rc.Flush()
	*explained = ex.engine.Explain(ctx, s, func(delta string) {
		if page.Delta(rw, delta) == nil {
			rc.Flush()
		}
	})
	page.EndStored(rw, *explained, historyhttp.Path, ex.reportLinkLine(rw.Header().Get(guard.ReportHeader)))
	rc.Flush()
}

// catch runs f and returns what it panicked with, if anything.
func catch(f func()) (p any) {
	defer func() { p = recover() }()
	f()
	return nil
}

// optOutHeader is the request header with which the developer asks for the
// app's own response to a failing request instead of the report: "off".
const optOutHeader = "X-Explainerr"

// optedOut reports whether r asks for the app's own response.
func optedOut(r *http.Request) bool { return strings.EqualFold(r.Header.Get(optOutHeader), "off") }
