package page

import (
	"io"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Linker returns the URL that opens file at line in the developer's
// editor, or "" when it cannot. Its URLs are written into href attributes
// escaped as text: they must hold only characters a URL may hold as they
// are.
type Linker func(file string, line int) string

// StartLinked is Start with every file:line of the page (the trace's
// frames, "created by" frames, other goroutines' frames and the retrieved
// chunks) made a link by link; with a nil link it is Start.
func StartLinked(w io.Writer, s redact.Sealed, nonce string, link Linker) error {
	if link == nil || s.IsZero() {
		return Start(w, s, nonce)
	}
	var err error
	s.Read(func(r *report.Report) {
		v := newStartView(r, nonce)
		addEditorLinks(&v, link)
		err = writeStartTo(w, &v)
	})
	return err
}

// addEditorLinks sets the editor link of every frame and chunk of v.
func addEditorLinks(v *startView, link Linker) {
	frame := func(f *frameView) {
		if f != nil {
			f.Link = link(f.File, f.Line)
		}
	}
	for i := range v.Trace {
		frame(v.Trace[i].App)
		for j := range v.Trace[i].Library {
			frame(&v.Trace[i].Library[j])
		}
	}
	frame(v.CreatedBy)
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		for j := range g.Frames {
			frame(&g.Frames[j])
		}
		frame(g.CreatedBy)
	}
	for i := range v.Context {
		c := &v.Context[i]
		c.Link = link(c.File, c.StartLine)
	}
}
