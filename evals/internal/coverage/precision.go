package coverage

import (
	"go/scanner"
	"go/token"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/explainerr/explainerr/blogapp/fixture"
)

// Vocabulary is the set of identifiers of an app's Go code: the names an
// explanation can point at.
type Vocabulary map[string]bool

// Identifiers returns the distinct identifiers of Go source, in order of
// first appearance (keywords, literals and comments left out).
func Identifiers(src string) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	seen := map[string]bool{}
	var out []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.IDENT && lit != "_" && !seen[lit] {
			seen[lit] = true
			out = append(out, lit)
		}
	}
}

// NewVocabulary collects the identifiers of the Go files among files
// (module-relative slash paths to their lines) whose path starts with
// prefix ("blogapp/"; "" for all).
func NewVocabulary(files map[string][]string, prefix string) Vocabulary {
	v := Vocabulary{}
	for name, lines := range files {
		if !strings.HasSuffix(name, ".go") || !strings.HasPrefix(name, prefix) {
			continue
		}
		for _, id := range Identifiers(strings.Join(lines, "\n")) {
			v[id] = true
		}
	}
	return v
}

var (
	wordRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	// codeRe finds code spans and fenced blocks, where a lower-case word
	// is code and not English.
	codeRe = regexp.MustCompile("(?s)```.*?```|`[^`\n]+`")
)

// Named returns the distinct identifiers of v that text names, sorted: a
// word is a name when it is an identifier of the code and reads as code,
// inside a code span or block, or anywhere when it is not a plain
// lower-case word (it holds a capital after its first letter, a digit or
// an underscore, or starts with a capital and is not the first word of a
// sentence). "post" in prose is English; `post`, postID and FeaturedPost
// are names.
func (v Vocabulary) Named(text string) []string {
	set := map[string]bool{}
	for _, span := range codeRe.FindAllString(text, -1) {
		for _, w := range wordRe.FindAllString(span, -1) {
			if v[w] {
				set[w] = true
			}
		}
	}
	prose := codeRe.ReplaceAllString(text, " ")
	for _, loc := range wordRe.FindAllStringIndex(prose, -1) {
		w := prose[loc[0]:loc[1]]
		if v[w] && readsAsCode(w, sentenceStart(prose, loc[0])) {
			set[w] = true
		}
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// readsAsCode reports whether a word of prose is written as code.
func readsAsCode(w string, atSentenceStart bool) bool {
	for i, r := range w {
		if r == '_' || unicode.IsDigit(r) || i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return unicode.IsUpper(rune(w[0])) && !atSentenceStart
}

// sentenceStart reports whether the word at i begins a sentence, a line
// or the text.
func sentenceStart(s string, i int) bool {
	j := i - 1
	for j >= 0 && (s[j] == ' ' || s[j] == '\t' || s[j] == '*' || s[j] == '-' || s[j] == '#' || s[j] == '(' || s[j] == '"') {
		j--
	}
	return j < 0 || s[j] == '.' || s[j] == '\n' || s[j] == ':' || s[j] == '!' || s[j] == '?'
}

// Key returns the words of a fixture's answer key (its cause, reference
// explanation, facts and fix location): the names an explanation is right
// to name.
func Key(fx fixture.Fixture) map[string]bool {
	parts := []string{fx.Cause, fx.Reference, fx.FixLocation.File, fx.FixLocation.Function, fx.FixLocation.Template}
	for _, f := range fx.Facts {
		parts = append(parts, f...)
	}
	key := map[string]bool{}
	for _, w := range wordRe.FindAllString(strings.Join(parts, "\n"), -1) {
		key[w] = true
	}
	return key
}
