package stack

import (
	"bytes"
	"fmt"
	"regexp"

	pp "github.com/maruel/panicparse/v2/stack"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The race detector names the main goroutine "main goroutine" rather than
// "goroutine 1" in its access lines ("Read at 0x… by main goroutine:"),
// which the goroutine parser does not accept; normalizeDump rewrites them
// to the number the main goroutine always has.

// reRaceMainAccess matches a race report's access line by the main
// goroutine. Group 1 is the text before "main goroutine:".
var reRaceMainAccess = regexp.MustCompile(`^((?:Previous )?(?:[Rr]ead|[Ww]rite) at 0x[0-9a-f]+ by )main goroutine:$`)

// raceMainAccess returns l with "by main goroutine:" written as "by
// goroutine 1:" when l is a race report's access line.
func raceMainAccess(l string) string {
	return reRaceMainAccess.ReplaceAllString(l, "${1}goroutine 1:")
}

// isRace reports whether s is a data race report.
func isRace(s snapshot) bool {
	return len(s.goroutines) > 0 && s.goroutines[0].RaceAddr != 0
}

// raceAccess returns the access line of race goroutine g ("previous write
// at 0x…" for an earlier access).
func raceAccess(g *pp.Goroutine) string {
	op := "read"
	if g.RaceWrite {
		op = "write"
	}
	if !g.First {
		op = "previous " + op
	}
	if g.RaceAddr == unknownRaceAddr {
		return op
	}
	return fmt.Sprintf("%s at 0x%012x", op, g.RaceAddr)
}

// raceGoroutines returns the accesses of race report s other than skip,
// each as a goroutine whose state names the access, for the prompt's
// context: the other side of a race, or the races seen before a panic.
func raceGoroutines(s snapshot, skip *pp.Goroutine, c *Classifier, roots appRoots) []report.Goroutine {
	var out []report.Goroutine
	for _, g := range s.goroutines {
		if g == skip {
			continue
		}
		out = append(out, report.Goroutine{
			ID:        g.ID,
			State:     raceAccess(g) + ", an access of the data race",
			Frames:    dumpFrames(g, c, roots),
			CreatedBy: creator(g, c, roots),
		})
	}
	return out
}

// pickRace makes the first data race report the failure, when the dump
// holds no panic or fatal error: its first access is the failing goroutine.
func (d *Dump) pickRace() *pp.Goroutine {
	d.Header = []string{"WARNING: DATA RACE"}
	d.Message, d.Type = d.Header[0], "data race"
	d.Reason = "the first access of the data race report"
	g := d.races[0].goroutines[0]
	if g.State == "" {
		// The report says "(running)" only of goroutines it says were
		// created; the main goroutine's access was running too.
		g.State = "running"
	}
	return g
}

// addRaceContext adds the dump's data races to the failure as context: the
// other accesses of the race that failed, or, when a panic followed the
// races, a note and the accesses of the first race.
func (d *Dump) addRaceContext(failing *pp.Goroutine, c *Classifier, roots appRoots) {
	if len(d.races) == 0 {
		return
	}
	first := d.races[0]
	if failing == first.goroutines[0] {
		d.Blocked = append(d.Blocked, raceGoroutines(first, failing, c, roots)...)
		if n := len(d.races); n > 1 {
			d.Notes = append(d.Notes, fmt.Sprintf("The race detector reported %d data races; the first one is explained.", n))
		}
		return
	}
	d.Blocked = append(d.Blocked, raceGoroutines(first, nil, c, roots)...)
	d.Notes = append(d.Notes, fmt.Sprintf("The race detector reported %d data race(s) before the failure; the first one's accesses are shown as other goroutines, and may be its cause.", len(d.races)))
}

// raceFooter is the line that opens and closes a race report.
const raceFooter = "\n=================="

// raceEnd returns the offset in text just past the closing line of the
// race report that starts at or after pos; len(text) when it has none.
func raceEnd(text []byte, pos int) int {
	start := bytes.Index(text[pos:], []byte("WARNING: DATA RACE"))
	if start < 0 {
		return len(text)
	}
	start += pos
	end := bytes.Index(text[start:], []byte(raceFooter))
	if end < 0 {
		return len(text)
	}
	return start + end + len(raceFooter)
}
