package stack

import (
	"bytes"
	"regexp"
)

// reLastFileLine matches a frame's file line, as normalizeDump leaves it,
// that has no "+0x" offset after its line number.
var reLastFileLine = regexp.MustCompile(`^\t\S.*:\d+$`)

// cutFileLine returns a warning when the dump ends inside a frame's file
// line: data has no final newline and its last line is a file line with no
// "+0x" offset, so its line number may have lost digits. text is data as
// normalizeDump returned it. It returns "" otherwise.
func cutFileLine(data, text []byte) string {
	if len(data) == 0 || data[len(data)-1] == '\n' {
		return ""
	}
	text = bytes.TrimRight(text, "\n")
	last := text[bytes.LastIndexByte(text, '\n')+1:]
	if !reLastFileLine.Match(last) {
		return ""
	}
	return "the dump ends inside a frame's file line (" + string(bytes.TrimSpace(last)) + "), so its line number may be cut short"
}
