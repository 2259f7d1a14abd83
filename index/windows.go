package index

import "strings"

// Window sizes for long non-Go files: windowLines lines per chunk, each
// overlapping the previous one by windowOverlap lines.
const (
	windowLines   = 80
	windowOverlap = 16
)

// lineSpan is a range of 1-based lines, end inclusive.
type lineSpan struct{ start, end int }

// windows cuts the lines [start, end] into spans of at most windowLines
// lines overlapping by windowOverlap; a short range is one span.
func windows(start, end int) []lineSpan {
	if end-start+1 <= windowLines {
		return []lineSpan{{start, end}}
	}
	var out []lineSpan
	for s := start; ; s += windowLines - windowOverlap {
		e := min(s+windowLines-1, end)
		out = append(out, lineSpan{s, e})
		if e == end {
			return out
		}
	}
}

// joinLines returns lines [span.start, span.end] (1-based) of lines.
func joinLines(lines []string, span lineSpan) string {
	return strings.Join(lines[span.start-1:span.end], "\n")
}

// splitLines splits a file's text into lines without their newlines.
func splitLines(text string) []string {
	text = strings.TrimSuffix(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	return strings.Split(text, "\n")
}

// trimBlankTail moves end back over blank lines, never before start.
func trimBlankTail(lines []string, start, end int) int {
	for end > start && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	return end
}
