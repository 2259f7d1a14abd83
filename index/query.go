package index

import (
	"path"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/report"
)

// maxQueryChars bounds the query text embedded for vector similarity.
const maxQueryChars = 4000

// QueryText builds the text embedded to find chunks similar to a failure:
// the error's type, message and chain, the app frames' functions and files,
// and the source around the innermost app frame.
func QueryText(rep *report.Report) string {
	var b strings.Builder
	b.WriteString(rep.Error.Type)
	b.WriteString("\n")
	b.WriteString(rep.Error.Message)
	b.WriteString("\n")
	for _, c := range rep.Error.Chain {
		b.WriteString(c)
		b.WriteString("\n")
	}
	if logged := failureclass.LoggedError(rep); logged != "" {
		// The real error of a generic 500 is often only in the log.
		b.WriteString(logged)
		b.WriteString("\n")
	}
	for i, f := range rep.AppFrames() {
		if i == 3 {
			break
		}
		b.WriteString(f.Function)
		b.WriteString(" ")
		b.WriteString(path.Base(f.File))
		b.WriteString("\n")
	}
	if f := rep.InnermostApp(); f != nil && f.Source != nil {
		for _, l := range f.Source.Lines {
			b.WriteString(l)
			b.WriteString("\n")
		}
	}
	q := b.String()
	if len(q) > maxQueryChars {
		q = q[:maxQueryChars]
	}
	return q
}
