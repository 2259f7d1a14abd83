package redact

import "strings"

// Lengths from which LooksSecret takes a value for a random string.
const (
	// minMixedLen: letters mixed with digits ("a3f9c2e1").
	minMixedLen = 8
	// minCaseLen: capitals after the first letter mixed with small
	// letters ("QmXrTwLpZkVbNcYd").
	minCaseLen = 16
	// minOpaqueLen: any value with no space.
	minOpaqueLen = 32
)

// LooksSecret reports whether v, a value whose name says nothing of it (a
// cookie's), looks like a secret: a value String hides (an API token by
// its provider's format, a JSON Web Token, a credential), or a string that
// looks random: letters mixed with digits from 8 bytes, mixed case from
// 16 bytes, anything without a space from 32 bytes. Words ("dark"),
// language tags ("en-US"), numbers and dates ("2026-12-01") are not.
func LooksSecret(v string) bool {
	if v == "" || v == Mask {
		return false
	}
	if String(v) != v {
		return true
	}
	m := mixOf(v)
	switch {
	case len(v) >= minMixedLen && m.digit && m.letter:
		return true
	case len(v) >= minCaseLen && m.upperAfterFirst && m.lower && !strings.Contains(v, " "):
		return true
	}
	return len(v) >= minOpaqueLen && !strings.ContainsAny(v, " \t")
}
