package corpus

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Line is one known line of the app's source, with where it is.
type Line struct {
	// File names the line's file as the explanation writes it: its base
	// name, or its path in the module when another file on the stacks
	// has the same base name (the name function given to New).
	File string
	// Number is the line's number in its file, from 1.
	Number int
	// Text is the line as the source has it, without its newline.
	Text string
	// Symbol is the declaration the line belongs to, when known (a
	// retrieved chunk's symbol, or the function a window line sits in).
	Symbol string
}

// Corpus is every line of app source the report carries: the app frames'
// windows and the retrieved chunks, each once, in that order.
type Corpus []Line

// funcDecl matches a function or method declaration's line: the
// receiver's type (m[1], "" for a function) and the name (m[2]).
var funcDecl = regexp.MustCompile(`^func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)`)

// New collects the lines of r's app source windows and chunks, with
// their files named by name.
func New(r *report.Report, name func(string) string) Corpus {
	type lineKey struct {
		file   string
		number int
	}
	seen := map[lineKey]bool{}
	var c Corpus
	add := func(l Line) {
		key := lineKey{l.File, l.Number}
		if seen[key] {
			return
		}
		seen[key] = true
		c = append(c, l)
	}
	for _, f := range r.Frames {
		if f.Source == nil {
			continue
		}
		symbol := ""
		file := name(f.File)
		for i, t := range f.Source.Lines {
			// funcDecl is anchored on "func": skip the regexp elsewhere.
			if strings.HasPrefix(t, "func") {
				if m := funcDecl.FindStringSubmatch(t); m != nil {
					symbol = m[2]
					if m[1] != "" {
						symbol = m[1] + "." + m[2]
					}
				}
			}
			add(Line{file, f.Source.StartLine + i, t, symbol})
		}
	}
	for _, ch := range r.Context {
		file := name(ch.File)
		for i, t := range strings.Split(ch.Text, "\n") {
			add(Line{file, ch.StartLine + i, t, ch.Symbol})
		}
	}
	return c
}

// Find returns the lines matching pattern, in corpus order.
func (c Corpus) Find(pattern *regexp.Regexp) []Line {
	var out []Line
	for _, l := range c {
		if pattern.MatchString(l.Text) {
			out = append(out, l)
		}
	}
	return out
}

// First returns the first line matching pattern, in corpus order.
func (c Corpus) First(pattern *regexp.Regexp) (Line, bool) {
	for _, l := range c {
		if pattern.MatchString(l.Text) {
			return l, true
		}
	}
	return Line{}, false
}

// Words returns the distinct identifier-shaped words of the corpus, in
// the order they first occur.
func (c Corpus) Words() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range c {
		for _, w := range word.FindAllString(l.Text, -1) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// QuotedNames returns the distinct string literals of the corpus that match
// pattern (such as template file names).
func (c Corpus) QuotedNames(pattern *regexp.Regexp) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range c {
		for _, m := range stringLiteral.FindAllStringSubmatch(l.Text, -1) {
			if pattern.MatchString(m[1]) && !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, m[1])
			}
		}
	}
	return out
}

// word matches an identifier-shaped word.
var word = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// stringLiteral matches an interpreted string literal without escapes,
// its contents in m[1].
var stringLiteral = regexp.MustCompile(`"([^"\\]*)"`)
