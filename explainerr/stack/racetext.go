package stack

import (
	"fmt"
	"regexp"
	"strings"
)

// The goroutine parser reads a data race report only in the form the race
// detector prints today, at the start of its lines, opened by a line of
// "=" signs. Pasted reports often differ: indented as a Markdown code
// block, without the opening line, after the tail of a report whose start
// was cut, or in the format of Go before 1.3, whose access lines name no
// address ("Read by goroutine 13:"). raceText rewrites them.

const (
	raceWarning   = "WARNING: DATA RACE"
	raceSeparator = "=================="
)

// unknownRaceAddr stands for the address an access line of Go before 1.3
// does not name; raceAccess leaves it out.
const unknownRaceAddr = 1

// reOldRaceAccess matches an access line without its address. Group 1 is
// the operation, group 2 what follows "by".
var reOldRaceAccess = regexp.MustCompile(`^((?:Previous )?(?:[Rr]ead|[Ww]rite)) by ((?:main )?goroutine(?: \d+)?:)$`)

// raceText returns lines with every race report put in the form the
// goroutine parser reads.
func raceText(lines []string) []string {
	out := make([]string, 0, len(lines))
	open := false // a report's warning line was seen and not yet closed
	indent := ""  // the indentation of the current report
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if indent != "" {
			if rest, ok := strings.CutPrefix(l, indent); ok {
				l = rest
			} else if strings.TrimSpace(l) != "" {
				indent = ""
			}
		}
		t := strings.TrimSpace(l)
		switch {
		case t == raceWarning:
			indent = l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			l = t
			if last := lastNonBlank(out); last < 0 || strings.TrimSpace(out[last]) != raceSeparator {
				out = append(out, raceSeparator)
			} else {
				out[last] = raceSeparator
			}
			open = true
		case t == raceSeparator:
			if next := nextNonBlank(lines, i+1); next != raceWarning {
				// A closing line; one that closes no report is the
				// tail of a report whose start was cut.
				if !open {
					continue
				}
				open, indent = false, ""
			}
			l = t
		default:
			if m := reOldRaceAccess.FindStringSubmatch(l); m != nil && open {
				l = fmt.Sprintf("%s at 0x%012x by %s", m[1], unknownRaceAddr, m[2])
			}
		}
		out = append(out, l)
	}
	return out
}

// lastNonBlank returns the index of the last line of lines that is not
// blank, -1 when there is none.
func lastNonBlank(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}

// nextNonBlank returns the first line of lines[from:] that is not blank,
// trimmed; "" when there is none.
func nextNonBlank(lines []string, from int) string {
	for _, l := range lines[from:] {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}
