package stack

import "strings"

// A race report is made of sections: the access that raced, the earlier
// access it raced with, and the stacks that created their goroutines,
// each a heading line and its frames. The goroutine parser reads a
// section only after a blank line, but pastes often lose the blank lines
// ("Previous read at 0x… by goroutine 6:" right under the last frame of
// the first access), and then the parser stops at the second section.
// The race detector itself prints "[failed to restore the stack]" for an
// earlier access whose stack it no longer has, which the parser does not
// read either. raceSections puts both in the form the parser reads.

// failedStack is what the race detector prints instead of the frames of
// an access whose stack it could not restore.
const failedStack = "[failed to restore the stack]"

// raceSections returns lines with a blank line before every section
// heading of a race report that follows the previous section's last line
// directly, and a stand-in frame (noFramesFunc, removed after parsing)
// for an access whose stack the race detector could not restore.
func raceSections(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case reRaceAccessLine.MatchString(t):
			if len(out) > 0 && !isSectionStart(out[len(out)-1]) {
				out = append(out, "")
			}
		case t == failedStack && len(out) > 0 && reRaceAccessLine.MatchString(strings.TrimSpace(out[len(out)-1])):
			out = append(out, "  "+noFramesFunc+"()", "      ??:0")
			continue
		}
		out = append(out, l)
	}
	return out
}

// isSectionStart reports whether a section heading may follow line l
// directly: l is blank, or the warning line that opens a race report.
func isSectionStart(l string) bool {
	t := strings.TrimSpace(l)
	return t == "" || t == raceWarning
}
