package checker

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// KindProseString is a string the prose quotes with plain double quotes
// as what the code returns, panics with or writes: "returns "+Inf" at
// f.go:40".
const KindProseString = "prose_string"

// givenStringLeadRe ends the prose that says a string in double quotes is
// one the code gives: returned, panicked with, written as a literal or
// carried as a message.
var givenStringLeadRe = regexp.MustCompile(`(?i)\b(?:returns?|returning|returned|panics?(?:\s+with)?|panicking\s+with|(?:the\s+)?literal|(?:the\s+)?message|(?:the\s+)?text)\s*$`)

// checkProseStrings judges the strings the prose quotes with plain
// double quotes as what the code gives back ("returns "+Infinity"",
// "panics with "…"", "by returning the literal "…""): when no string
// literal of the module holds the quoted text, while one of them is the
// same text with one character added, dropped or changed, or, in a
// message of three words or more, with one word added, dropped or
// changed, the quote is contradicted. Short strings (under six
// characters) and quotes the prose may give on purpose are not read.
func (c *Checker) checkProseStrings(prose string, _ []Claim, results []Result) []Result {
	flat := outsideCode(prose)
	for _, m := range proseQuoteRe.FindAllStringSubmatchIndex(flat, -1) {
		s := flat[m[2]:m[3]]
		if utf8.RuneCountInString(s) < 6 || !givenStringLeadRe.MatchString(flat[:m[0]]) || quotedOnPurpose(prose, m[0]) {
			continue
		}
		if near, bad := c.nearLiteral(s); bad {
			claim := Claim{Text: `"` + s + `"`, Kind: KindProseString, start: m[0], end: m[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module writes %q, not %q", near, s)})
		}
	}
	return results
}

// nearLiteral returns the module string that is s with one character
// added, dropped or changed, or, for three words or more, one word, when
// no module string holds s.
func (c *Checker) nearLiteral(s string) (string, bool) {
	near := ""
	for _, m := range c.moduleStrings() {
		if strings.Contains(m, s) {
			return "", false
		}
		if near != "" || strings.ContainsAny(m, "%{") {
			continue
		}
		said, code := strings.Fields(s), strings.Fields(m)
		if utf8.RuneCountInString(m) >= 6 && oneRuneApart(s, m) || len(said) >= 3 && len(code) >= 3 && (oneWordApart(said, code) || oneWordMore(said, code) || oneWordMore(code, said)) {
			near = m
		}
	}
	return near, near != ""
}

// oneRuneApart reports whether a and b differ by one rune added, dropped
// or changed.
func oneRuneApart(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if len(x) == len(y) {
		return i < len(x) && string(x[i+1:]) == string(y[i+1:])
	}
	return string(x[i:]) == string(y[i+1:])
}

// oneWordMore reports whether long is short with one word added.
func oneWordMore(short, long []string) bool {
	if len(long) != len(short)+1 {
		return false
	}
	i := 0
	for i < len(short) && short[i] == long[i] {
		i++
	}
	return strings.Join(short[i:], " ") == strings.Join(long[i+1:], " ")
}
