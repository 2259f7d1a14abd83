package page

import (
	"io"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The tests give the page plain reports; these seal them, as the
// middleware does before anything is rendered (nil gives the zero Sealed).

func sealed(r *report.Report) redact.Sealed {
	if r == nil {
		return redact.Sealed{}
	}
	return redact.Seal(r, nil)
}

func startReport(w io.Writer, r *report.Report, nonce string) error {
	return Start(w, sealed(r), nonce)
}

func startLinked(w io.Writer, r *report.Report, nonce string, link Linker) error {
	return StartLinked(w, sealed(r), nonce, link)
}

func markdownOf(r *report.Report) string { return Markdown(sealed(r)) }

func markdownWith(r *report.Report, after string) string { return MarkdownWith(sealed(r), after) }

func endExplanation(w io.Writer, ex report.Explanation) error {
	return End(w, sealed(&report.Report{Explanation: ex}))
}

func endStored(w io.Writer, ex report.Explanation, historyLink, extra string) error {
	return EndStored(w, sealed(&report.Report{Explanation: ex}), historyLink, extra)
}
