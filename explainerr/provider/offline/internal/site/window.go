package site

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/pattern"
)

// WindowLine is one line of a source window.
type WindowLine struct {
	// Number is the line's number in its file.
	Number int
	// Text is the line as the window has it.
	Text string
}

// LinesAbove returns the lines of the site's window above the failing line,
// nearest first, stopping at the enclosing function's declaration.
func (s Site) LinesAbove() []WindowLine {
	if s.Frame == nil || s.Frame.Source == nil {
		return nil
	}
	src := s.Frame.Source
	var out []WindowLine
	for i := s.Line - src.StartLine - 1; i >= 0 && i < len(src.Lines); i-- {
		t := src.Lines[i]
		if strings.HasPrefix(strings.TrimSpace(t), "func ") {
			break
		}
		out = append(out, WindowLine{src.StartLine + i, t})
	}
	return out
}

// initStmt matches a line that opens an if or switch with an init
// statement that assigns (if v, err := f(); err != nil {).
var initStmt = regexp.MustCompile(`^\s*(?:if|switch)\s+[^;]*:?=[^;]*;`)

// ownLine returns the failing line of the site's window.
func (s Site) ownLine() (WindowLine, bool) {
	if s.Frame == nil || s.Frame.Source == nil {
		return WindowLine{}, false
	}
	src := s.Frame.Source
	i := s.Line - src.StartLine
	if i < 0 || i >= len(src.Lines) {
		return WindowLine{}, false
	}
	return WindowLine{s.Line, src.Lines[i]}, true
}

// FactsAt parses line number n of the site's window.
func (s Site) FactsAt(n int) linefacts.Facts {
	src := *s.Frame.Source
	src.Line = n
	return linefacts.Analyze(&src)
}

// AssignmentOf finds the nearest line above the failing one that assigns
// the identifier name (name := ..., name, err = ..., var name T), or the
// failing line's own init statement (if name, _ := f(); name.X {).
func (s Site) AssignmentOf(name string) (WindowLine, linefacts.AssignOp, bool) {
	if name == "" {
		return WindowLine{}, linefacts.AssignOp{}, false
	}
	varDecl := pattern.Compiled(`^\s*var\s+` + regexp.QuoteMeta(name) + `\b`)
	lines := s.LinesAbove()
	if own, ok := s.ownLine(); ok && initStmt.MatchString(own.Text) {
		// if u, _ := url.Parse(long); u.Scheme == "" {: the failing
		// line's own init statement assigns it.
		lines = append([]WindowLine{own}, lines...)
	}
	for _, l := range lines {
		if !strings.Contains(l.Text, name) {
			continue
		}
		if varDecl.MatchString(l.Text) {
			return l, linefacts.AssignOp{LHS: []string{name}}, true
		}
		for _, a := range s.FactsAt(l.Number).Assigned {
			for _, lhs := range a.LHS {
				if lhs == name {
					return l, a, true
				}
			}
		}
	}
	return WindowLine{}, linefacts.AssignOp{}, false
}

// HasAssignment reports whether the window assigns name above the failing
// line.
func (s Site) HasAssignment(name string) bool {
	_, _, ok := s.AssignmentOf(name)
	return ok
}

// IsParameter reports whether name is a parameter or receiver of the
// function whose declaration line shows in the site's window.
func (s Site) IsParameter(name string) bool {
	if s.Frame == nil || s.Frame.Source == nil {
		return false
	}
	src := s.Frame.Source
	for i := src.Line - src.StartLine; i >= 0 && i < len(src.Lines); i-- {
		t := strings.TrimSpace(src.Lines[i])
		if strings.HasPrefix(t, "func ") || strings.HasPrefix(t, "func(") {
			sig := t
			if j := strings.LastIndex(sig, "{"); j >= 0 {
				sig = sig[:j]
			}
			return pattern.Compiled(`[(,]\s*` + regexp.QuoteMeta(name) + `\s+[\w*\[.]`).MatchString(sig)
		}
	}
	return false
}

// Scope returns the window lines to search for the statement behind the
// failure, in order: for a handler that returned its error, the body below
// its declaration, top first; otherwise the failing line and then the
// lines above it, nearest first.
func (s Site) Scope() []WindowLine {
	if s.Frame == nil || s.Frame.Source == nil {
		return nil
	}
	src := s.Frame.Source
	idx := src.Line - src.StartLine
	if s.Returned {
		var out []WindowLine
		for i := idx + 1; i >= 0 && i < len(src.Lines); i++ {
			out = append(out, WindowLine{src.StartLine + i, src.Lines[i]})
		}
		return out
	}
	return append([]WindowLine{{s.Line, src.LineText()}}, s.LinesAbove()...)
}

// LineMatching finds the first line of the Scope whose text matches
// pattern.
func (s Site) LineMatching(pattern *regexp.Regexp) (WindowLine, bool) {
	for _, l := range s.Scope() {
		if pattern.MatchString(l.Text) {
			return l, true
		}
	}
	return WindowLine{}, false
}
