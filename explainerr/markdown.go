package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Markdown returns r as the Markdown report the middleware serves for
// "Accept: text/markdown": the error, the app-first trace with "created
// by", the source of the innermost app frames, the goroutines of a hang,
// the request, the build, the notices and the explanation.
func Markdown(r *report.Report) string { return page.Markdown(r) }
