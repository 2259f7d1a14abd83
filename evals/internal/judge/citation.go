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

// NewCitationIndex indexes lines (excerpt and trace lines as shown). Section
// headings ("## Error and trace", "### store.go:12-30 FeaturedPost") are
// left out: they are labels the material was shown under, not evidence,
// and a verdict that quotes one cites nothing.
func NewCitationIndex(lines []string) *CitationIndex {
	idx := &CitationIndex{}
	for _, l := range lines {
		if isHeading(l) {
			continue
		}
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
	// headingRe is a Markdown section heading.
	headingRe = regexp.MustCompile(`^\s*#{1,6}(?:\s|$)`)
)

// isHeading reports whether a shown line, or a quoted one, is a section
// heading.
func isHeading(line string) bool {
	return headingRe.MatchString(strings.Trim(strings.TrimSpace(line), "`\"'"))
}

// Cited reports whether a verdict rests on a line the judge was shown: an
// absent verdict needs no quote; a verified or contradicted one counts only
// when its quote passed the citation gate. An uncited contradiction is not
// evidence of a fabrication.
func (c ClaimVerdict) Cited() bool { return c.Verdict == Absent || c.CitationOK }

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
		if isHeading(p) {
			return false
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
