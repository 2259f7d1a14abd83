package stack

import "strings"

// A dump copied from a viewer that renders carriage returns may end every
// line with the two characters "^M". The goroutine parser then reads no
// header or frame line, so stripCaretM removes them.

// caretM is a carriage return as a viewer renders it.
const caretM = "^M"

// stripCaretM returns lines without a trailing "^M" (and the blanks before
// it) when "^M" ends most of the lines that hold more than blanks; else
// lines unchanged.
func stripCaretM(lines []string) []string {
	text, marked := 0, 0
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		text++
		if strings.HasSuffix(l, caretM) {
			marked++
		}
	}
	if marked == 0 || 2*marked <= text {
		return lines
	}
	for i, l := range lines {
		if cut, ok := strings.CutSuffix(l, caretM); ok {
			lines[i] = strings.TrimRight(cut, " \t")
		}
	}
	return lines
}
