// Package page renders a failure report for people: the streamed HTML error
// page and the Markdown report.
//
// The HTML page is written in three steps so that the trace shows at once
// and the explanation streams in: Start writes everything up to the
// explanation area, Delta appends streamed text, End writes the rendered
// explanation and closes the document. The explanation area is the last
// thing in the document but the first thing under the header on screen (a
// flex column with CSS order), and the streamed text is hidden by CSS alone
// once the final block follows it, so the page works without JavaScript.
//
// Every string of a report is untrusted: it is escaped in context by Go
// code that tests hold to the bytes html/template writes from the markup in
// testdata/start.tmpl and testdata/end.tmpl (the package does not import
// html/template itself: its reflection keeps every exported method of every
// type in an adopting program's binary, which costs megabytes and link
// time); the explanation's Markdown goes through RenderMarkdown, which
// drops raw HTML and unsafe links. The page loads nothing from the network;
// its style and its one small script carry the nonce that Headers puts in the
// Content-Security-Policy.
package page

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

//go:embed assets/page.css assets/page.js
var assets embed.FS

// tableView is one titled key/value table of the request section.
type tableView struct {
	Name string
	Rows []pair
}

// pageCSS and pageJS are the page's style and script, read once.
var (
	pageCSS = mustAsset("assets/page.css")
	pageJS  = mustAsset("assets/page.js")
)

func mustAsset(name string) string {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// ContentSecurityPolicy returns the policy Headers sets for a page whose
// style and script carry nonce: nothing may load from anywhere, only the
// page's own nonce'd style and script run, images only from data: URLs, and
// the page may not be framed, change its base URL or submit forms.
func ContentSecurityPolicy(nonce string) string {
	return "default-src 'none'; style-src 'nonce-" + nonce + "'; script-src 'nonce-" + nonce +
		"'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// Headers prepares h for an HTML error page and returns the nonce the page
// must be rendered with (pass it to Start). It sets the content type, turns
// off caching, sniffing and referrers, sets a strict Content-Security-Policy
// with a fresh random nonce, and deletes Content-Length, since the page
// replaces whatever body the application meant to send.
func Headers(h http.Header) (nonce string) {
	nonce = newNonce()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", ContentSecurityPolicy(nonce))
	h.Del("Content-Length")
	return nonce
}

// newNonce returns 128 random bits in base64.
func newNonce() string {
	var b [16]byte
	// crypto/rand.Read never returns an error (it crashes the program
	// rather than return predictable bytes).
	_, _ = rand.Read(b[:])
	return base64.StdEncoding.EncodeToString(b[:])
}

// Start writes the page up to the explanation area: the header (error kind,
// type, message, request line, status), notices, the app-first trace with
// source context, the retrieved source, the request, the prompt, the build
// and the Markdown report. nonce is the value Headers returned. The document
// is left open inside the streamed explanation block; follow with any number
// of Delta calls and exactly one End.
func Start(w io.Writer, s redact.Sealed, nonce string) error {
	if s.IsZero() {
		return errors.New("page: no report")
	}
	var err error
	s.Read(func(r *report.Report) {
		v := newStartView(r, nonce)
		err = writeStartTo(w, &v)
	})
	return err
}

// startBuffers keeps the buffers the top part of pages is written in,
// for the next failure's page.
var startBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledStart is the largest buffer put back in startBuffers: a page
// with a large body or prompt does not keep its buffer.
const maxPooledStart = 256 << 10

// writeStartTo writes the top part of the page for v to w in one Write,
// from a buffer used again by later pages (w, an io.Writer, keeps none of
// what it is given).
func writeStartTo(w io.Writer, v *startView) error {
	b := startBuffers.Get().(*bytes.Buffer)
	b.Reset()
	b.Grow(startSize(v))
	writeStart(b, v)
	_, err := w.Write(b.Bytes())
	if b.Cap() <= maxPooledStart {
		startBuffers.Put(b)
	}
	return err
}

// startSize estimates the size of the top part of the page for v, so that
// it is written in one buffer: the style and script, the longest texts,
// some hundred bytes of markup per frame, a few kilobytes for the rest.
func startSize(v *startView) int {
	n := len(pageCSS) + len(pageJS) + len(v.Prompt.System) + len(v.Prompt.User) + len(v.Markdown) + len(v.Request.Body) + 4<<10
	for _, it := range v.Trace {
		n += 300 * (1 + len(it.Library))
		if it.App != nil {
			n += 300
			for _, l := range it.App.Source {
				n += 60 + len(l.Text)
			}
		}
	}
	return n + n/16
}

// Delta appends text, a piece of the explanation as it streams in, to the
// page started by Start. The text is escaped and shown as is (white space
// kept) until End replaces it with the rendered explanation.
func Delta(w io.Writer, text string) error {
	if text == "" {
		return nil
	}
	_, err := htmlText.WriteString(w, text)
	return err
}

// End writes the finished explanation and closes the document: who made it
// (the offline analysis, with how to enable a model, or the model's name)
// with badges for cached, throttled, truncated, tokens, cost and duration;
// the model's error when it failed; and its text rendered from Markdown.
// Once written, CSS hides the streamed text.
func End(w io.Writer, s redact.Sealed) error {
	v := newEndView(s.Explanation())
	var b strings.Builder
	b.Grow(len(v.HTML) + 2*len(v.Markdown) + len(v.Error) + len(v.Fallback) + 1<<10)
	writeEnd(&b, &v)
	_, err := io.WriteString(w, b.String())
	return err
}
