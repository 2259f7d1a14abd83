package stack

import "strings"

// Crash dumps copied from a terminal or a CI log carry the escape codes
// that coloured them, and a panic value may hold any bytes at all. None of
// that is part of the dump, and none of it may reach a terminal or a
// prompt.

// esc is the escape character that starts a terminal control sequence.
const esc = 0x1b

// StripControl returns s without terminal escape sequences (CSI such as
// "\x1b[31m", OSC such as "\x1b]0;title\x07" or "\x1b]8;;url\x1b\\", and
// the other ESC sequences) and without control characters other than tab,
// newline and carriage return: the C0 set, DEL and the C1 set. An OSC or
// other string sequence with no terminator ends at the end of its line.
func StripControl(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == esc:
			i += escapeLen(s[i:])
		case c == '\t' || c == '\n' || c == '\r':
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			i += 2 // a C1 control, U+0080 to U+009F, in UTF-8
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// hasControl reports whether s holds anything StripControl removes.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f ||
			(c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f) {
			return true
		}
	}
	return false
}

// escapeLen returns the length of the escape sequence at the start of s,
// which starts with ESC; a sequence cut short ends where s does.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[': // CSI: parameters, intermediates, a final byte
		i := 2
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: a string up to BEL or ST
		for i := 2; i < len(s); i++ {
			switch {
			case s[i] == 0x07:
				return i + 1
			case s[i] == esc && i+1 < len(s) && s[i+1] == '\\':
				return i + 2
			case s[i] == '\n' || s[i] == esc:
				return i
			}
		}
		return len(s)
	}
	// Any other sequence: intermediates, then one final byte.
	i := 1
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}
