package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// redactReport hides secrets in the parts of r that came from the program:
// the error message, chain and database detail, and the source windows of frames, each
// redacted as one text (and replaced by a redacted copy, since the source
// cache shares its lines).
func redactReport(r *report.Report) {
	r.Error.Message = redact.String(r.Error.Message)
	for i, c := range r.Error.Chain {
		r.Error.Chain[i] = redact.String(c)
	}
	if d := r.Error.Database; d != nil {
		d.Detail = redact.String(d.Detail)
	}
	for i := range r.Frames {
		src := r.Frames[i].Source
		if src == nil {
			continue
		}
		// The window is one text: a private key spread over its lines is
		// hidden whole, not only the line that names it.
		r.Frames[i].Source = &report.Source{StartLine: src.StartLine, Lines: redact.Lines(src.Lines), Line: src.Line}
	}
}
