package redact

import (
	"encoding/base64"
	"math"
	"strings"
	"unicode/utf8"
)

// Bounds of a random-looking token, as judged by isRandomToken.
const (
	// minRandomLen is the shortest value judged random by its look
	// alone: shorter runs of mixed characters are words, numbers,
	// identifiers and abbreviations too often.
	minRandomLen = 16
	// maxRandomLen is the longest: longer runs are data (an image,
	// a compressed blob), judged by the other rules.
	maxRandomLen = 512
	// maxWordLen is the longest average length of the words (runs of
	// digits, of capitals, or of small letters after at most one
	// capital) a random token splits into; identifiers split into
	// longer words ("parseHTTPResponse2xx": parse, HTTP, Response, 2, xx).
	maxWordLen = 2.7
)

// shannon returns the Shannon entropy of s in bits per byte: about
// log2(len(s)) for a short random string, about 6 for a long one of
// letters and digits, near 3 for English words.
func shannon(s string) float64 {
	if s == "" {
		return 0
	}
	// Counts of up to 65535 of each byte; a small array costs less to
	// clear than one of ints, and token bytes are ASCII.
	var counts [256]uint16
	for i := 0; i < len(s); i++ {
		if counts[s[i]] < 0xffff {
			counts[s[i]]++
		}
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// minEntropy is the entropy a random-looking token of n bytes must
// reach: 80% of what n distinct bytes would give, at most 4.3 bits.
func minEntropy(n int) float64 {
	return min(0.8*math.Log2(float64(n)), 4.3)
}

// isTokenByte reports whether c may be part of a token: letters, digits
// and the symbols of base64, base64url and URL-safe strings.
func isTokenByte(c byte) bool { return tokenBytes[c] }

// tokenBytes tells the bytes isTokenByte accepts.
var tokenBytes = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("+/=_-.~", b) >= 0
	}
	return t
}()

// isRandomToken reports whether v looks like a random secret rather than
// anything a program or its output holds: between 16 and 512 bytes of
// letters, digits and "+/=_-.~", mixing small letters with digits or
// capitals in short runs, with high entropy; and not a word or an
// identifier, a UUID, a Go pseudo-version, a path, a host or a Go import
// path, a hex string (a hash, judged by its context elsewhere), or base64
// of plain text.
func isRandomToken(v string) bool {
	v = strings.TrimRight(v, "=.")
	if len(v) < minRandomLen || len(v) > maxRandomLen {
		return false
	}
	var lower, upper, digit int
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'a' <= c && c <= 'z':
			lower++
		case 'A' <= c && c <= 'Z':
			upper++
		case '0' <= c && c <= '9':
			digit++
		case isTokenByte(c):
		default:
			return false
		}
	}
	classes := 0
	for _, n := range []int{lower, upper, digit} {
		if n > 0 {
			classes++
		}
	}
	if classes < 2 || lower+upper == 0 {
		return false
	}
	if isHex(v) || isUUID(v) || isPseudoVersion(v) || isPathLike(v) || isStructuredName(v) {
		return false
	}
	if classes == 2 && digit == 0 && len(v) < 24 {
		return false // mixed case with no digit: CamelCase words
	}
	if averageWordLen(v) > maxWordLen || shannon(v) < minEntropy(len(v)) {
		return false
	}
	return !isBase64Text(v)
}

// averageWordLen returns the average length of the words v splits into:
// runs of digits, runs of capitals, and small letters after at most one
// capital; other bytes split words.
func averageWordLen(v string) float64 {
	words, letters := 0, 0
	for i := 0; i < len(v); {
		c := v[i]
		j := i + 1
		switch {
		case '0' <= c && c <= '9':
			for j < len(v) && '0' <= v[j] && v[j] <= '9' {
				j++
			}
		case 'A' <= c && c <= 'Z':
			for j < len(v) && 'A' <= v[j] && v[j] <= 'Z' {
				j++
			}
			if j == i+1 {
				for j < len(v) && 'a' <= v[j] && v[j] <= 'z' {
					j++
				}
			}
		case 'a' <= c && c <= 'z':
			for j < len(v) && 'a' <= v[j] && v[j] <= 'z' {
				j++
			}
		default:
			i = j
			continue
		}
		words++
		letters += j - i
		i = j
	}
	if words == 0 {
		return 0
	}
	return float64(letters) / float64(words)
}

// isStructuredName reports whether v is a name made of short parts
// joined by "_" or "-" ("R_AARCH64_LDST32_ABS_LO12_NC",
// "GHSA-3fxj-6jh8-hvhx", "mixed_v4_v6_trust_list"): a random token
// holds at most one such separator in its first 32 bytes.
func isStructuredName(v string) bool {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '_' || r == '-' })
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		if len(p) > 12 {
			return false
		}
	}
	return true
}

// isHex reports whether v is made of hex digits only, in one case.
func isHex(v string) bool {
	if v == "" {
		return false
	}
	lowerHex, upperHex := true, true
	for i := 0; i < len(v); i++ {
		c := v[i]
		digit := '0' <= c && c <= '9'
		lowerHex = lowerHex && (digit || 'a' <= c && c <= 'f')
		upperHex = upperHex && (digit || 'A' <= c && c <= 'F')
	}
	return lowerHex || upperHex
}

// isUUID reports whether v is a UUID (8-4-4-4-12 hex digits), also with
// a prefix ("urn-…", "req_…").
func isUUID(v string) bool {
	if len(v) < 36 {
		return false
	}
	u := v[len(v)-36:]
	for i := 0; i < 36; i++ {
		c := u[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
		} else if !isHex(u[i : i+1]) {
			return false
		}
	}
	return true
}

// isPseudoVersion reports whether v is a Go module version with a date and
// a commit: v0.0.0-20230101120000-abcdef123456.
func isPseudoVersion(v string) bool {
	i := strings.Index(v, "-20")
	if i < 0 || !strings.Contains(v[:i], ".") {
		return false
	}
	rest := v[i+1:]
	j := strings.IndexByte(rest, '-')
	return j == 14 && strings.Trim(rest[:j], "0123456789") == "" && isHex(rest[j+1:])
}

// isPathLike reports whether v is a path, a host or a Go import path
// rather than one token: it holds a "/" or "." between words, and none of
// the parts it splits into looks random by itself.
func isPathLike(v string) bool {
	if !strings.ContainsAny(v, "/.") {
		return false
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") {
		return true
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '.' })
	for _, p := range parts {
		if len(p) >= 8 && averageWordLen(p) <= maxWordLen && shannon(p) >= minEntropy(len(p)) && !isHex(p) {
			return false
		}
	}
	return true
}

// isBase64Text reports whether v is base64 (standard or URL-safe, with or
// without padding) of printable text: an encoded word, message or JSON
// document, not a secret.
func isBase64Text(v string) bool {
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(strings.TrimRight(v, "="))
		if err != nil || len(b) == 0 || !utf8.Valid(b) {
			continue
		}
		printable := true
		for _, r := range string(b) {
			if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == utf8.RuneError || r == 0x7f {
				printable = false
				break
			}
		}
		if printable {
			return true
		}
	}
	return false
}
