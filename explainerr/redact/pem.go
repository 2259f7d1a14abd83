package redact

import (
	"regexp"
	"strings"
)

// pemMarker finds the first and last lines of PEM private key blocks
// (RSA, EC, OpenSSH, PKCS #8, encrypted, PGP).
var pemMarker = regexp.MustCompile(`-----(BEGIN|END)[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----`)

// hidePrivateKeys hides every private key block in s, from its BEGIN line
// to its END line, as a whole: each line of the block becomes Mask, so the
// text keeps its line count (a source window keeps its line numbers). A
// block with no END runs to the end of s (a window or chunk cut inside the
// key); an END with no BEGIN (a window that starts inside the key) hides
// the lines of key data just above it.
func hidePrivateKeys(s string) string {
	if !strings.Contains(s, "PRIVATE KEY") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range pemMarker.FindAllStringSubmatchIndex(s, -1) {
		if m[0] < last {
			continue // inside a block hidden already
		}
		begin, end := m[0], m[1]
		if s[m[2]:m[3]] == "BEGIN" {
			end = len(s)
			if e := pemMarker.FindStringSubmatchIndex(s[m[1]:]); e != nil && s[m[1]+e[2]:m[1]+e[3]] == "END" {
				end = m[1] + e[1]
			}
		} else {
			begin = keyDataStart(s, m[0], last)
		}
		b.WriteString(s[last:begin])
		maskLines(&b, s[begin:end])
		last = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// maskLines writes Mask for each line of span, keeping its line breaks.
func maskLines(b *strings.Builder, span string) {
	for i, piece := range strings.Split(span, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if piece != "" || i == 0 {
			b.WriteString(Mask)
		}
	}
}

// keyDataStart returns where the key data ends before an END marker at
// end starts: the start of the run of lines of base64 just above it (and
// the data before the marker on its own line), not before floor.
func keyDataStart(s string, end, floor int) int {
	lineStart := strings.LastIndexByte(s[:end], '\n') + 1
	if lineStart < floor {
		return end
	}
	if !isKeyData(s[lineStart:end]) {
		return end
	}
	start := lineStart
	for start > floor {
		prev := strings.LastIndexByte(s[:start-1], '\n') + 1
		if prev < floor || !isKeyData(s[prev:start-1]) || strings.TrimSpace(s[prev:start-1]) == "" {
			break
		}
		start = prev
	}
	return start
}

// isKeyData reports whether line holds nothing but base64 data, perhaps
// quoted, indented or joined with "+" as in a Go string literal.
func isKeyData(line string) bool {
	line = strings.Trim(line, " \t\r\"'`+,")
	line = strings.TrimSuffix(line, `\n`)
	for i := 0; i < len(line); i++ {
		c := line[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}
