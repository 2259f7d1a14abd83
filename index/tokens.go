package index

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// stopTokens are sub-tokens so common in Go source that they carry no
// signal for similarity: keywords, the universal error plumbing, and the
// ".go" of every path.
var stopTokens = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true,
	"func": true, "go": true, "goto": true, "if": true, "import": true,
	"interface": true, "map": true, "package": true, "range": true, "return": true,
	"select": true, "struct": true, "switch": true, "type": true, "var": true,
	"nil": true, "err": true, "true": true, "false": true, "string": true,
	"int": true, "bool": true, "byte": true, "any": true, "the": true,
	"an": true, "of": true, "to": true, "in": true, "is": true, "it": true,
	"and": true, "or": true, "be": true, "on": true, "at": true,
}

// words calls emit for every run of letters, digits and underscores in text.
// ASCII bytes are classified by a table; other runes by unicode.
func words(text string, emit func(string)) {
	start := -1
	for i := 0; i < len(text); {
		c, size := text[i], 1
		isWord := asciiWordByte[c]
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(text[i:])
			isWord = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case isWord && start < 0:
			start = i
		case !isWord && start >= 0:
			emit(text[start:i])
			start = -1
		}
		i += size
	}
	if start >= 0 {
		emit(text[start:])
	}
}

// asciiWordByte tells the ASCII bytes words keeps: letters, digits and the
// underscore.
var asciiWordByte = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// splitIdentifier splits an identifier at underscores and case changes:
// "parseHTTPRequest_v2" gives "parse", "HTTP", "Request", "v2".
func splitIdentifier(id string) []string {
	var parts []string
	for _, piece := range strings.Split(id, "_") {
		parts = append(parts, splitCase(piece)...)
	}
	return parts
}

// splitCase splits one underscore-free identifier at lower-to-upper
// changes and before the last capital of an acronym ("HTTPServer" gives
// "HTTP", "Server"). Digits stay with the letters before them.
func splitCase(s string) []string {
	if s == "" {
		return nil
	}
	var parts []string
	start := 0
	prev, _ := utf8.DecodeRuneInString(s)
	for i, r := range s {
		if i == 0 {
			continue
		}
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		boundary := (unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev))) ||
			(unicode.IsUpper(r) && unicode.IsUpper(prev) && unicode.IsLower(next))
		if boundary {
			parts = append(parts, s[start:i])
			start = i
		}
		prev = r
	}
	return append(parts, s[start:])
}

// subTokens calls emit for the code sub-tokens of text: every word
// lower-cased, and, when it splits, its parts lower-cased. Single
// characters, pure numbers and stop tokens are left out. Path segments and
// the words of string literals and comments come out as words too.
func subTokens(text string, emit func(string)) {
	words(text, func(w string) {
		emitToken(strings.ToLower(w), emit)
		parts := splitIdentifier(w)
		if len(parts) > 1 {
			for _, p := range parts {
				emitToken(strings.ToLower(p), emit)
			}
		}
	})
}

func emitToken(t string, emit func(string)) {
	if len(t) < 2 || stopTokens[t] || isNumber(t) {
		return
	}
	emit(t)
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// identifiersIn returns the distinct Go-identifier-like words of a line of
// source, skipping keywords and single letters.
func identifiersIn(line string) []string {
	seen := map[string]bool{}
	var out []string
	words(line, func(w string) {
		r, _ := utf8.DecodeRuneInString(w)
		if len(w) < 2 || unicode.IsDigit(r) || stopTokens[strings.ToLower(w)] || seen[w] {
			return
		}
		seen[w] = true
		out = append(out, w)
	})
	return out
}

// termStopWords are English words too common in questions, comments and
// identifiers to rank by: "where is the Server created" searches for
// "server" and "created".
var termStopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "in": true, "is": true,
	"it": true, "its": true, "and": true, "or": true, "be": true, "on": true, "at": true,
	"by": true, "for": true, "from": true, "with": true, "as": true, "this": true,
	"that": true, "these": true, "those": true, "are": true, "was": true, "were": true,
	"been": true, "has": true, "have": true, "had": true, "do": true, "does": true,
	"did": true, "not": true, "no": true, "if": true, "so": true, "but": true,
	"where": true, "what": true, "which": true, "who": true, "whom": true, "why": true,
	"when": true, "how": true, "there": true, "here": true, "can": true, "will": true,
	"would": true, "should": true, "could": true, "may": true, "must": true, "we": true,
	"you": true, "your": true, "our": true, "they": true, "them": true, "their": true,
	"he": true, "she": true, "his": true, "her": true, "me": true, "my": true, "i": true,
	"into": true, "than": true, "then": true, "also": true, "only": true, "any": true,
	"all": true, "some": true, "each": true, "such": true, "via": true, "about": true,
}

// termsOf returns the search terms of a text, with repeats, in order. The
// same function splits the text indexed for a chunk and a search query, so
// "NewServer" and "new server" meet: every word is split at underscores,
// case changes and digits; each part is lower-cased and reduced to a
// stem ("servers", "served" and "server" give "serv"), and a word that
// splits also gives itself lower-cased whole ("newserver"), so an exact
// identifier outranks its parts. English stop words, single characters
// and numbers are left out.
func termsOf(text string) []string {
	var out []string
	var bounds []int
	words(text, func(w string) {
		if !isASCIIWord(w) {
			out = appendWordTerms(out, w, splitTerm(w))
			return
		}
		lower := w
		for i := 0; i < len(w); i++ {
			if 'A' <= w[i] && w[i] <= 'Z' {
				lower = strings.ToLower(w)
				break
			}
		}
		bounds = asciiTermBounds(bounds[:0], w)
		if len(bounds) > 2 && keepTerm(lower) {
			out = append(out, lower)
		}
		for k := 0; k < len(bounds); k += 2 {
			if t := lower[bounds[k]:bounds[k+1]]; keepTerm(t) {
				out = append(out, stemTerm(t))
			}
		}
	})
	return out
}

// appendWordTerms appends the terms of a word split into parts.
func appendWordTerms(out []string, w string, parts []string) []string {
	if len(parts) > 1 {
		if t := strings.ToLower(w); keepTerm(t) {
			out = append(out, t)
		}
	}
	for _, p := range parts {
		if t := strings.ToLower(p); keepTerm(t) {
			out = append(out, stemTerm(t))
		}
	}
	return out
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiTermBounds appends to dst the start and end of each part splitTerm
// gives for an ASCII word, without building the parts.
func asciiTermBounds(dst []int, w string) []int {
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	isLower := func(c byte) bool { return 'a' <= c && c <= 'z' }
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	start := 0
	for i := 0; i <= len(w); i++ {
		if i == len(w) || w[i] == '_' {
			if i > start {
				dst = append(dst, start, i)
			}
			start = i + 1
			continue
		}
		if i == start {
			continue
		}
		prev, r := w[i-1], w[i]
		next := byte(0)
		if i+1 < len(w) {
			next = w[i+1]
		}
		if isUpper(r) && (isLower(prev) || isDigit(prev) || isUpper(prev) && isLower(next)) || isDigit(prev) != isDigit(r) {
			dst = append(dst, start, i)
			start = i
		}
	}
	return dst
}

// splitTerm splits a word at underscores, case changes and between
// letters and digits: "HTTP2Server_v1" gives "HTTP", "2", "Server", "v", "1".
func splitTerm(w string) []string {
	var out []string
	for _, p := range splitIdentifier(w) {
		start := 0
		for i, r := range p {
			if i > 0 {
				prev, _ := utf8.DecodeLastRuneInString(p[:i])
				if unicode.IsDigit(prev) != unicode.IsDigit(r) {
					out = append(out, p[start:i])
					start = i
				}
			}
		}
		if start < len(p) {
			out = append(out, p[start:])
		}
	}
	return out
}

func keepTerm(t string) bool {
	return len(t) >= 2 && !termStopWords[t] && !isNumber(t)
}

// stemTerm reduces a lower-cased word to a crude stem that its plural and
// its -ing, -ed and -er forms share: "limits", "limiting", "limited" and
// "limiter" give "limit"; "handle" and "handlers" give "handl". Stems
// are at least three letters long; shorter words are left alone.
func stemTerm(w string) string {
	if len(w) <= 3 {
		return w
	}
	cut := func(suffix, repl string) bool {
		if strings.HasSuffix(w, suffix) && len(w)-len(suffix)+len(repl) >= 3 {
			w = w[:len(w)-len(suffix)] + repl
			return true
		}
		return false
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		cut("ies", "y")
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		cut("s", "")
	}
	stripped := cut("ing", "") || cut("ed", "")
	stripped = cut("er", "") || stripped
	if stripped && len(w) > 3 && w[len(w)-1] == w[len(w)-2] && !strings.ContainsRune("lsz", rune(w[len(w)-1])) {
		w = w[:len(w)-1] // "mapping" gives "map", "wrapper" gives "wrap"
	}
	if len(w) > 3 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}
