package stack

import (
	"regexp"
	"strings"
)

// Logs that interleave several sources (docker compose's "web-1  | ",
// several processes writing to one file) may put another source's line in
// the middle of a goroutine's trace. When the dump's lines carry a learnt
// prefix, such a line, one without the prefix between two lines of a
// trace, is dropped so that the goroutine keeps all its frames.

// dropForeignLines returns lines without the ones that lack the prefix
// strip matches and sit inside a goroutine's trace, and how many it
// dropped.
func dropForeignLines(lines []string, strip *regexp.Regexp) (kept []string, dropped int) {
	if strip == nil {
		return lines, 0
	}
	kept = make([]string, 0, len(lines))
	prev := "" // the last prefixed line, prefix stripped
	for i, l := range lines {
		if m := strip.FindStringIndex(l); m != nil {
			prev = l[m[1]:]
			kept = append(kept, l)
			continue
		}
		if strings.TrimSpace(l) != "" && inTrace(prev) && continuesTrace(nextPrefixed(lines[i+1:], strip)) {
			dropped++
			continue
		}
		kept = append(kept, l)
	}
	return kept, dropped
}

// nextPrefixed returns the first of lines the prefix strip matches, prefix
// stripped; "" when there is none.
func nextPrefixed(lines []string, strip *regexp.Regexp) string {
	for _, l := range lines {
		if m := strip.FindStringIndex(l); m != nil {
			return l[m[1]:]
		}
	}
	return ""
}

// inTrace reports whether l, a line without its prefix, is a goroutine
// header, a frame's function line or a frame's file line, after which the
// trace goes on.
func inTrace(l string) bool {
	return reGoroutineHeaderAnywhere.MatchString(l) || isFrameLine(l)
}

// continuesTrace reports whether l, a line without its prefix, is a
// frame's function or file line or a "created by" line.
func continuesTrace(l string) bool {
	return isFrameLine(l) || strings.HasPrefix(l, "created by ")
}

// isFrameLine reports whether l is a frame's function line ("pkg.F(…)")
// or its indented file line.
func isFrameLine(l string) bool {
	if strings.TrimSpace(l) == "" {
		return false
	}
	indented := strings.HasPrefix(l, "\t") || strings.HasPrefix(l, " ")
	return indented || strings.HasSuffix(l, ")")
}
