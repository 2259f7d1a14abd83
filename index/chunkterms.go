package index

import (
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// Weights of where a chunk's term comes from, counted into its frequency
// (a simple field weighting): the chunk's own name says most about it.
const (
	termWeightSymbol   = 3 // the chunk's symbol ("(*Server).Start", "post.html")
	termWeightDeclares = 2 // identifiers it declares (fields, constants, templates)
	termWeightOther    = 1 // identifiers it uses, its path, comment and string words
)

// chunkTerms returns the search terms of a chunk with their weights, the
// rows the index keeps in chunk_terms for lexical search: the words (see
// termsOf) of its symbol, declared and referenced identifiers, file path,
// and the words of its comments and string literals (for templates and
// SQL, of its whole text). A term's weight is how often it occurs, a
// symbol word counting termWeightSymbol times and a declared identifier's
// termWeightDeclares times.
func chunkTerms(c *chunk) map[string]int {
	tf := map[string]int{}
	add := func(text string, weight int) {
		for _, t := range termsOf(text) {
			tf[t] += weight
		}
	}
	// A method's receiver and a member's type qualify the name rather than
	// being it: "(*Server).handleCreateComment" is about creating comments.
	qualifier, name := splitQualified(c.Symbol)
	add(qualifier, termWeightOther)
	add(name, termWeightSymbol)
	seen := map[string]bool{}
	for _, d := range c.Declares {
		if !seen[d] {
			seen[d] = true
			_, name := splitQualified(d)
			add(name, termWeightDeclares)
		}
	}
	for _, names := range [][]string{c.References, c.Calls, c.Returns} {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				add(n, termWeightOther)
			}
		}
	}
	add(strings.TrimSuffix(c.File, ".go"), termWeightOther)
	switch c.Kind {
	case KindTemplate, KindSQL:
		add(c.Text, termWeightOther)
	default:
		goProse(c.Text, func(s string) { add(s, termWeightOther) })
	}
	return tf
}

// splitQualified splits "(*Server).Start" or "Server.Start" into its
// qualifier and name; a plain name has no qualifier.
func splitQualified(symbol string) (qualifier, name string) {
	if i := strings.LastIndexByte(symbol, '.'); i > 0 && !strings.ContainsAny(symbol, " /") {
		return symbol[:i], symbol[i+1:]
	}
	return "", symbol
}

// goProse calls emit with the comments and string literals of a piece of
// Go source, the prose a developer searches with words, and with "map"
// and "chan" for its map and channel types (keywords, so not among its
// identifiers, yet what "nil map" or "closed channel" asks about).
func goProse(src string, emit func(string)) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	s.Init(file, []byte(src), func(token.Position, string) {}, scanner.ScanComments)
	for {
		_, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			return
		case token.COMMENT:
			emit(lit)
		case token.MAP, token.CHAN:
			emit(tok.String())
		case token.STRING:
			if u, err := strconv.Unquote(lit); err == nil {
				emit(u)
			} else {
				emit(lit)
			}
		}
	}
}
