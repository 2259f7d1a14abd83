package index

import (
	"hash/fnv"
	"strings"
	"unicode/utf8"
)

// FNV-1a, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashedSubTokens calls emit with the FNV-1a hash of every sub-token
// subTokens gives for text, in the same order, without building the
// tokens: words of ASCII letters, digits and underscores are lower-cased
// and split in place; other words go through subTokens.
func hashedSubTokens(text string, emit func(uint64)) {
	var lower [64]byte
	words(text, func(w string) {
		if len(w) > len(lower) || !isASCII(w) {
			subTokens(w, func(t string) { emit(fnvString(t)) })
			return
		}
		for i := 0; i < len(w); i++ {
			lower[i] = asciiLower(w[i])
		}
		emitHashedToken(lower[:len(w)], emit)
		parts, start := 0, -1
		forEachASCIIPart(w, func(from, to int) {
			parts++
			if parts == 1 {
				start = from<<16 | to // emitted once a second part shows the word splits
				return
			}
			if parts == 2 {
				emitHashedToken(lower[start>>16:start&0xffff], emit)
			}
			emitHashedToken(lower[from:to], emit)
		})
	})
}

// forEachASCIIPart calls part with the byte range of each part
// splitIdentifier gives for an ASCII word, in order.
func forEachASCIIPart(w string, part func(from, to int)) {
	for pos := 0; pos <= len(w); {
		end := strings.IndexByte(w[pos:], '_')
		if end < 0 {
			end = len(w)
		} else {
			end += pos
		}
		if end > pos {
			from := pos
			for i := pos + 1; i < end; i++ {
				prev, r := w[i-1], w[i]
				next := byte(0)
				if i+1 < end {
					next = w[i+1]
				}
				if isUpperASCII(r) && (isLowerASCII(prev) || isDigitASCII(prev) || (isUpperASCII(prev) && isLowerASCII(next))) {
					part(from, i)
					from = i
				}
			}
			part(from, end)
		}
		pos = end + 1
	}
}

// emitHashedToken emits the hash of a lower-cased token unless emitToken
// would leave it out.
func emitHashedToken(t []byte, emit func(uint64)) {
	if len(t) < 2 || stopTokens[string(t)] || isDigitsASCII(t) {
		return
	}
	sum := uint64(fnvOffset)
	for _, c := range t {
		sum ^= uint64(c)
		sum *= fnvPrime
	}
	emit(sum)
}

func fnvString(s string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(s))
	return f.Sum64()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isDigitsASCII(t []byte) bool {
	for _, c := range t {
		if !isDigitASCII(c) {
			return false
		}
	}
	return true
}

func asciiLower(c byte) byte {
	if isUpperASCII(c) {
		return c + 'a' - 'A'
	}
	return c
}

func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigitASCII(c byte) bool { return '0' <= c && c <= '9' }
