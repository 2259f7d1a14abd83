package redact

import "strings"

// mayHoldSecret reports whether any of textPatterns could match s. It is a
// cheap, conservative test (false only when no pattern can match) that lets
// String skip the regular expressions for the common text that holds no
// secret: source lines, traces, messages.
//
// Each pattern needs one of these in s: "-----BEGIN " (private keys); "@"
// (passwords in URLs and DSNs); an authorization scheme in any case (bearer
// tokens); a sensitive stem in any case together with "=", or with ":" and
// a quote (key=value pairs, quoted literals); or the prefix of a well-known
// token shape. Case-insensitive patterns also match
// the two non-ASCII letters that fold to ASCII ones (U+212A KELVIN SIGN to
// k, U+017F LONG S to s), so text holding them is always checked in full.
func mayHoldSecret(s string) bool {
	if strings.Contains(s, "-----BEGIN ") || strings.Contains(s, "@") ||
		strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f") {
		return true
	}
	for _, p := range tokenPrefixes {
		if strings.Contains(s, p) {
			return true
		}
	}
	if containsFoldASCII(s, authSchemes) {
		return true
	}
	// A sensitive name matters only when a value is given to it: "=" (and
	// ":=") for key=value pairs and quoted literals, or ":" before a quoted
	// literal.
	assigns := strings.Contains(s, "=") || strings.Contains(s, ":") && strings.ContainsAny(s, "\"'`")
	return assigns && containsFoldASCII(s, sensitiveStems)
}

// tokenPrefixes start the well-known token shapes (case-sensitive).
var tokenPrefixes = []string{"sk-", "gh", "xox", "AKIA", "AIza", "eyJ"}

// authSchemes are the words, in any case, that start an authorization
// value the patterns hide.
var authSchemes = []string{"bearer", "basic", "token"}

// sensitiveStems are the stems of sensitiveStem, lower-case.
var sensitiveStems = []string{"api", "token", "key", "secret", "pass", "pwd", "signature", "auth", "cookie", "session", "credential"}

// containsFoldASCII reports whether s contains one of words (lower-case
// ASCII letters) in any ASCII case.
func containsFoldASCII(s string, words []string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		for _, w := range words {
			if c != w[0] || len(s)-i < len(w) {
				continue
			}
			j := 1
			for j < len(w) && s[i+j]|0x20 == w[j] {
				j++
			}
			if j == len(w) {
				return true
			}
		}
	}
	return false
}
