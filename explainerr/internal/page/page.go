// Package page renders a failure report for people: the streamed HTML error
// page and the Markdown report.
//
// The HTML page is written in three steps so that the trace shows at once
// and the explanation streams in: Start writes everything up to the
// explanation area, Delta appends streamed text, End writes the rendered
// explanation and closes the document.
package page

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Start writes the page up to the explanation area.
func Start(w io.Writer, r *report.Report) error {
	_, err := fmt.Fprintf(w, "<!doctype html><html><head><meta charset=utf-8><title>%s</title></head><body><h1>%s</h1><pre>%s</pre><div id=stream>",
		html.EscapeString(r.Error.Type), html.EscapeString(r.Error.Message), html.EscapeString(r.Prompt.User))
	return err
}

// Delta appends a piece of streamed explanation text.
func Delta(w io.Writer, text string) error {
	_, err := io.WriteString(w, html.EscapeString(text))
	return err
}

// End writes the finished explanation and closes the document.
func End(w io.Writer, ex report.Explanation) error {
	_, err := fmt.Fprintf(w, "</div><div id=final><pre>%s</pre><p>%s</p></div></body></html>", html.EscapeString(ex.Text), html.EscapeString(ex.Error))
	return err
}

// Markdown returns the report as Markdown, ready to paste into an issue.
func Markdown(r *report.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n\n```\n%s\n```\n\n## Explanation\n\n%s\n", r.Error.Type, r.Error.Message, r.Prompt.User, r.Explanation.Text)
	return b.String()
}
