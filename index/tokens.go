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
func words(text string, emit func(string)) {
	start := -1
	for i, r := range text {
		isWord := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case isWord && start < 0:
			start = i
		case !isWord && start >= 0:
			emit(text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		emit(text[start:])
	}
}

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
