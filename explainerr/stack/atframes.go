package stack

import (
	"regexp"
	"strings"
)

// Some log services reformat a Go stack before showing it: Google Cloud
// Error Reporting prints each frame on one line as
// "at pkg.(*T).Method (file.go:96)", innermost first, without goroutine
// header, arguments or offsets. atFrames turns such lines back into the
// runtime's two-line frames, so that the rest of the parse (a synthetic
// goroutine header among them) reads them as any headerless stack.

// reAtFrame matches one such line: group 1 is the function, 2 the file
// and 3 the line number.
var reAtFrame = regexp.MustCompile(`^\s*at ([A-Za-z_][^\s()]*(?:\.\(\*?[^\s()]+\))?(?:\.[^\s()]+)*) \(([^()\s][^()]*\.(?:go|s|c)):(\d+)\)$`)

// minAtFrames is how many consecutive frame lines make a stack: one line
// alone may be prose ("at main.go (main.go:3)").
const minAtFrames = 2

// atFrames rewrites runs of at least minAtFrames one-line frames into the
// runtime's form ("func(...)" and an indented "file:line"); lines is
// returned unchanged when it holds no such run.
func atFrames(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && reAtFrame.MatchString(lines[j]) {
			j++
		}
		if j-i < minAtFrames {
			if out != nil {
				out = append(out, lines[i:max(j, i+1)]...)
			}
			i = max(j, i+1)
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(lines)+j-i), lines[:i]...)
		}
		for _, l := range lines[i:j] {
			m := reAtFrame.FindStringSubmatch(l)
			out = append(out, m[1]+"(...)", "\t"+m[2]+":"+m[3])
		}
		i = j
	}
	if out == nil {
		return lines
	}
	return out
}

// hasAtFrame reports whether s may hold a one-line frame, to skip the
// rewrite of every other dump cheaply.
func hasAtFrame(s string) bool { return strings.Contains(s, "at ") && strings.Contains(s, ".go:") }
