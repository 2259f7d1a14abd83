package shapes

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// tallyLine reads a tally line: a name, a count and a unit.
var tallyLine = regexp.MustCompile(`^(\w+)=(\d+)(\w*)$`)

var errTally = errors.New("bad tally")

// ParseTally reads a tally line into its name and count.
func ParseTally(line string) (string, int, error) {
	parts := tallyLine.FindStringSubmatch(line)
	if len(parts) != 4 {
		return "", 0, errTally
	}
	n, err := strconv.Atoi(parts[2])
	return parts[1], n, err
}

// Notch is one step of a tally: where it starts, its label and what the
// count is divided by.
type Notch struct {
	At    int64
	Label string
	Atom  int64
}

// tallyNotches are the steps of a tally, by where they start.
var tallyNotches = []Notch{
	{0, "none", 1},
	{5, "a hand", 5},
	{20, "a score", 20},
	{144, "a gross", 12 * 12},
}

// tallyUnits maps a unit's suffix to its size.
var tallyUnits = map[string]int64{
	"":   1,
	"d":  12,
	"dz": 12,
	"g":  144,
	"gr": 144,
	"s":  20,
}

// Tally names a count by its notch: the count divided by the notch's
// Atom for each % of its label.
func Tally(n int64) []any {
	notch := tallyNotches[0]
	for _, t := range tallyNotches {
		if t.At <= n {
			notch = t
		}
	}
	var args []any
	for _, ch := range notch.Label {
		if ch == '%' {
			args = append(args, n/notch.Atom)
		}
	}
	return args
}

// TallySign names the sign of a count.
func TallySign(n int64) string {
	if n == 0 {
		return "nothing"
	}
	if n < 0 {
		return "owed"
	}
	return "held"
}

// CheckNotch panics when a notch's label is empty.
func CheckNotch(t Notch) {
	if t.Label == "" {
		panic("CheckNotch(): empty notch label")
	}
}

// tallyMark writes a count as strokes, base wide, after pad spaces.
func tallyMark(n int, base int, pad int) string {
	return strings.Repeat(" ", pad) + strings.Repeat("|", n/base) + strings.Repeat(".", n%base)
}

// FiveBar writes a count as strokes in bars of five.
func FiveBar(n int) string { return tallyMark(n, 5, 0) }

// ScoreBar writes a count as strokes in bars of twenty, two spaces in.
func ScoreBar(n int) string { return tallyMark(n, 20, 2) }

// ReadTally reads a count written as a decimal into a float.
func ReadTally(s string) (float64, error) {
	var v float64
	_, err := fmt.Sscanf(s, "%g", &v)
	return v, err
}

// Groups cuts a row of strokes into groups of five, from its end.
func Groups(row string) string {
	for i := len(row); i > 5; {
		i -= 5
		row = row[:i] + " " + row[i:]
	}
	return row
}

// TallyFormat writes a count with its defaults: a width of 6 and a fill
// of '.', or a width of 12 for a long tally.
func TallyFormat(n int, long bool) string {
	width := 6
	fill := "."
	if long {
		width = 12
	}
	s := strconv.Itoa(n)
	for len(s) < width {
		s = fill + s
	}
	return s
}

// isStroke tells the bytes a tally draws with.
var isStroke = map[byte]bool{'|': true, '/': true}

// TallyEnd closes a row of strokes: with "//" after a letter, and with
// "|" after a stroke.
func TallyEnd(row string) string {
	l := len(row)
	if l >= 1 && !isStroke[row[l-1]] {
		return row + "//"
	}
	return row + "|"
}

// cutTally keeps the first keep strokes after the bar of a row.
func cutTally(row string, keep int) string {
	if i := strings.Index(row, "|"); i >= 0 {
		if keep <= 0 {
			return row[:i]
		}
		i++
		if keep >= len(row)-i {
			return row
		}
		return row[:i+keep]
	}
	return row
}
