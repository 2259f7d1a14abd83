package page

import (
	"net/http"
	"strings"
)

// Formats a report or the history is answered in, chosen from the request's
// Accept header by Negotiate.
const (
	FormatHTML     = "html"
	FormatJSON     = "json"
	FormatMarkdown = "markdown"
)

// Negotiate picks the response format for r: HTML for browsers, JSON when
// asked for, Markdown for everything else (curl, scripts, assistants).
func Negotiate(r *http.Request) string {
	accept := strings.ToLower(r.Header.Get("Accept"))
	switch {
	case strings.Contains(accept, "text/html"):
		return FormatHTML
	case strings.Contains(accept, "application/json"):
		return FormatJSON
	default:
		return FormatMarkdown
	}
}
