package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// Markdown returns r as the Markdown report the middleware serves to
// clients that ask for neither HTML nor JSON (curl, say), and that the
// page's "Copy as Markdown" button copies. As on the page, the explanation
// comes first, under the title; then the error, the app-first trace with
// "created by", the source of the innermost app frames, the goroutines of
// a hang, the request, the build, the app source the model saw and the
// notices.
func Markdown(r redact.Sealed) string { return page.Markdown(r) }
