package explainerr

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// stringLiteral matches an interpreted Go string literal.
var stringLiteral = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// maxFunctionLines bounds how far refineReturnLine reads into a function.
const maxFunctionLines = 300

// refineReturnLine moves an error-returning handler's frame from its
// declaration to the line that most likely made the error: the first line
// of the function whose string literal (up to its first formatting verb)
// begins a part of the error's message, as in
// `return fmt.Errorf("loading post %s: %w", slug, err)`. lines are the
// file's lines; the frame is left alone when nothing matches.
func refineReturnLine(f *report.Frame, lines []string, message string) {
	if f.Line < 1 || f.Line > len(lines) || message == "" {
		return
	}
	end := min(len(lines), f.Line+maxFunctionLines)
	best, bestLen := 0, 0
	for n := f.Line; n <= end; n++ {
		text := lines[n-1]
		if n > f.Line && strings.HasPrefix(text, "}") {
			break // the end of a top-level function
		}
		for _, m := range stringLiteral.FindAllStringSubmatch(text, -1) {
			lit := m[1]
			if i := strings.IndexByte(lit, '%'); i >= 0 {
				lit = lit[:i]
			}
			lit = strings.TrimSpace(lit)
			if len(lit) >= 4 && len(lit) > bestLen && strings.Contains(message, lit) {
				best, bestLen = n, len(lit)
			}
		}
	}
	if best > 0 {
		f.Line = best
	}
}
