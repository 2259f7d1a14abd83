package grounding

import (
	"go/token"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Set is the set of identifiers an explanation may name: the words of the
// report's source windows, retrieved context, trace (function and file
// names), error message and request, plus the words the analysis added.
type Set struct {
	words map[string]bool
}

// New returns the grounding of r: every identifier-shaped word of its
// source windows, retrieved chunks, frames, error, the request's log lines
// and the request. A nil r gives an empty set.
func New(r *report.Report) *Set {
	g := &Set{words: make(map[string]bool, 256)}
	if r == nil {
		return g
	}
	g.Add(r.Error.Type, r.Error.Message)
	g.Add(r.Error.Chain...)
	for _, f := range r.Frames {
		g.Add(f.Function, f.File)
		if f.Source != nil {
			g.Add(f.Source.Lines...)
		}
	}
	for _, c := range r.Context {
		g.Add(c.File, c.Symbol, c.Text)
	}
	for _, l := range r.Logs {
		g.Add(l.Text)
	}
	q := r.Request
	g.Add(q.Method, q.URL, q.Route)
	for k, v := range q.Headers {
		g.Add(k, v)
	}
	for _, m := range []map[string][]string{q.Query, q.Form} {
		for k, vs := range m {
			g.Add(k)
			g.Add(vs...)
		}
	}
	return g
}

// Add makes every identifier-shaped word of texts ([A-Za-z_][A-Za-z0-9_]*)
// part of the grounding, found by a plain scan (this runs over every
// source window and header of every report).
func (g *Set) Add(texts ...string) {
	for _, t := range texts {
		for i := 0; i < len(t); {
			if !isWordStart(t[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(t) && (isWordStart(t[j]) || '0' <= t[j] && t[j] <= '9') {
				j++
			}
			g.words[t[i:j]] = true
			i = j
		}
	}
}

// AddScanned makes the identifiers Go's scanner reads in text part of the
// grounding, for a cited name the plain word scan of Add splits
// otherwise: a migration file 0001_init.up.sql scans as the number 0001_i
// and the word nit.
func (g *Set) AddScanned(text string) {
	t := tokenizers.Get().(*tokenizer)
	defer tokenizers.Put(t)
	for _, tok := range t.scan(text) {
		if tok.tok == token.IDENT {
			g.words[tok.lit] = true
		}
	}
}

// isWordStart reports whether c can start an identifier-shaped word.
func isWordStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// Has reports whether word occurs in the grounding texts themselves (not
// counting Go's predeclared or standard library names).
func (g *Set) Has(word string) bool { return g.words[word] }
