package gate

import (
	"sort"
	"strings"
)

// LineIndex holds the module's files by line, to recognise a
// declaration's text wherever it appears and to find planted secrets.
type LineIndex struct {
	files map[string][]string
	count map[string]int
}

// minMarkLen is the shortest trimmed line that can mark a declaration;
// shorter lines ("}", "return nil") say nothing about where they are from.
const minMarkLen = 8

// maxMarks bounds the marks kept per span.
const maxMarks = 12

// NewLineIndex indexes files (module-relative slash paths to their lines).
func NewLineIndex(files map[string][]string) *LineIndex {
	x := &LineIndex{files: files, count: map[string]int{}}
	for _, lines := range files {
		for _, l := range lines {
			if t := strings.TrimSpace(l); len(t) >= minMarkLen {
				x.count[t]++
			}
		}
	}
	return x
}

// File returns the lines of a module file, nil when unknown.
func (x *LineIndex) File(rel string) []string {
	if lines, ok := x.files[rel]; ok {
		return lines
	}
	for name, lines := range x.files {
		if SameFile(name, rel) {
			return lines
		}
	}
	return nil
}

// WithMarks fills s.Marks with the lines of the span that occur nowhere
// else in the module, declaration line first, and returns s.
func (x *LineIndex) WithMarks(s *Span) *Span {
	if s == nil {
		return nil
	}
	lines := x.File(s.File)
	s.Marks = nil
	for n := s.StartLine; n <= s.EndLine && n <= len(lines) && len(s.Marks) < maxMarks; n++ {
		if n < 1 {
			continue
		}
		t := strings.TrimSpace(lines[n-1])
		if len(t) >= minMarkLen && x.count[t] == 1 {
			s.Marks = append(s.Marks, t)
		}
	}
	return s
}

// Sites returns the lines (file and line, one-line spans) that hold any
// of the secrets, sorted.
func (x *LineIndex) Sites(secrets []string) []Span {
	var out []Span
	for name, lines := range x.files {
		for i, l := range lines {
			for _, s := range secrets {
				if s != "" && strings.Contains(l, s) {
					out = append(out, Span{File: name, StartLine: i + 1, EndLine: i + 1})
					break
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].StartLine < out[j].StartLine
	})
	return out
}
