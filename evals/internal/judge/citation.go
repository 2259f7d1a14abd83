package judge

import (
	"regexp"
	"strings"
)

// CitationIndex holds the lines a judge was shown, normalised, for the
// citation gate.
type CitationIndex struct {
	lines []string
}

// minQuote is the shortest normalised quote the gate accepts: shorter
// fragments ("}", "err") would match almost any excerpt.
const minQuote = 6

// NewCitationIndex indexes lines (excerpt and trace lines as shown).
func NewCitationIndex(lines []string) *CitationIndex {
	idx := &CitationIndex{}
	for _, l := range lines {
		if n := normalizeQuote(l); n != "" {
			idx.lines = append(idx.lines, n)
		}
	}
	return idx
}

var (
	// lineNumberPrefix is the "  42 | " an excerpt line is shown with, or a
	// "file.go:42:" a judge may prepend.
	lineNumberPrefix = regexp.MustCompile(`^(?:[\w./-]+:\d+:?\s*|\d+\s*\|\s?)`)
)

// normalizeQuote trims quotes, a line-number prefix and white space.
func normalizeQuote(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "`\"'")
	s = lineNumberPrefix.ReplaceAllString(strings.TrimSpace(s), "")
	return strings.Join(strings.Fields(s), " ")
}

// Contains reports whether quote is (a part of) lines the judge was shown:
// every non-empty line of the quote must occur in one shown line, and the
// quote must not be trivially short.
func (idx *CitationIndex) Contains(quote string) bool {
	parts := strings.Split(quote, "\n")
	n := 0
	for _, p := range parts {
		q := normalizeQuote(p)
		if q == "" || q == "..." || q == "…" {
			continue
		}
		n += len(q)
		if !idx.containsLine(q) {
			return false
		}
	}
	return n >= minQuote
}

func (idx *CitationIndex) containsLine(q string) bool {
	for _, l := range idx.lines {
		if strings.Contains(l, q) {
			return true
		}
	}
	return false
}
