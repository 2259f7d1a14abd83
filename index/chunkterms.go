package index

import (
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
// posting lists the index keeps for lexical search: the words (see
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
// identifiers, yet what "nil map" or "closed channel" asks about). It is
// a single pass over the bytes: escapes in strings become spaces, rune
// literals and the rest of the code are skipped.
func goProse(src string, emit func(string)) {
	var buf []byte
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := lineEnd(src, i)
			emit(src[i+2 : end])
			i = end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				emit(src[i+2:])
				return
			}
			emit(src[i+2 : i+2+end])
			i += 2 + end + 2
		case c == '`':
			end := strings.IndexByte(src[i+1:], '`')
			if end < 0 {
				emit(src[i+1:])
				return
			}
			emit(src[i+1 : i+1+end])
			i += 1 + end + 1
		case c == '"':
			buf = buf[:0]
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' && j+1 < len(src) {
					buf = append(buf, ' ')
					j += 1 + escapeLen(src[j+1])
					continue
				}
				buf = append(buf, src[j])
				j++
			}
			emit(string(buf))
			i = j + 1
		case c == '\'':
			j := i + 1
			for j < len(src) && src[j] != '\'' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			j := i + 1
			for j < len(src) && (src[j] == '_' || src[j] >= 0x80 || 'a' <= src[j] && src[j] <= 'z' || 'A' <= src[j] && src[j] <= 'Z' || '0' <= src[j] && src[j] <= '9') {
				j++
			}
			if w := src[i:j]; w == "map" || w == "chan" {
				emit(w)
			}
			i = j
		default:
			i++
		}
	}
}

// lineEnd returns the index of the newline ending the line at i, or len(s).
func lineEnd(s string, i int) int {
	if n := strings.IndexByte(s[i:], '\n'); n >= 0 {
		return i + n
	}
	return len(s)
}

// escapeLen returns how many bytes follow the backslash of an escape
// sequence whose first byte is c: "\x41" has 3, "\u00e9" 5, "\n" 1.
func escapeLen(c byte) int {
	switch {
	case c == 'x':
		return 3
	case c == 'u':
		return 5
	case c == 'U':
		return 9
	case '0' <= c && c <= '7':
		return 3
	}
	return 1
}
