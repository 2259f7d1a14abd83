package stack

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// parseRacyDump parses testdata/dumps/name for the app module example.com/racy.
func parseRacyDump(t *testing.T, name string) *Dump {
	t.Helper()
	return parseFile(t, filepath.Join("testdata", "dumps", name), NewClassifier("example.com/racy"))
}

// goroutineStates returns the state of each goroutine of gs.
func goroutineStates(gs []report.Goroutine) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.State)
	}
	return out
}

// TestParseDumpRaceByMainGoroutine parses a race report whose current
// access is by the main goroutine: the main goroutine fails, and the other
// side of the race (the previous write by a worker) is kept as context.
func TestParseDumpRaceByMainGoroutine(t *testing.T) {
	d := parseRacyDump(t, "race-maingoroutine.txt")
	if d.Type != "data race" || d.Goroutine != 1 || d.State != "running" {
		t.Errorf("Type %q goroutine %d [%s], want data race, 1 [running]", d.Type, d.Goroutine, d.State)
	}
	if got := appFunctions(d.Frames); len(got) != 2 || got[0] != "example.com/racy/stats.(*Counter).Get" || got[1] != "main.main" {
		t.Errorf("frames %q", got)
	}
	if len(d.Blocked) != 1 || d.Blocked[0].ID != 8 || !strings.HasPrefix(d.Blocked[0].State, "previous write at 0x00c0000180f8") {
		t.Fatalf("other side of the race: %+v", d.Blocked)
	}
	if f := d.Blocked[0].Frames; len(f) != 2 || f[0].Function != "example.com/racy/stats.(*Counter).Inc" || f[0].Line != 10 {
		t.Errorf("other side's frames %+v", f)
	}
	if c := d.Blocked[0].CreatedBy; c == nil || c.Function != "example.com/racy/stats.Hammer" {
		t.Errorf("other side's creator %+v", c)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %q", d.Warnings)
	}
}

// TestParseDumpRaceThenPanic parses race reports (one with a previous read
// by the main goroutine) followed by the panic that stopped the program:
// the panic is the failure, the races are context.
func TestParseDumpRaceThenPanic(t *testing.T) {
	d := parseRacyDump(t, "race-panic.txt")
	if d.Message != "panic: counter mismatch" || d.Goroutine != 1 || d.Type != "" {
		t.Errorf("message %q type %q goroutine %d", d.Message, d.Type, d.Goroutine)
	}
	if len(d.Frames) == 0 || d.Frames[0].Function != "example.com/racy/stats.Check" || d.Frames[0].Line != 31 {
		t.Errorf("frames %+v", d.Frames)
	}
	states := goroutineStates(d.Blocked)
	if len(states) != 2 || !strings.HasPrefix(states[0], "write at 0x00c00009e028") || !strings.HasPrefix(states[1], "previous read at 0x00c00009e028") {
		t.Errorf("race context %q", states)
	}
	if c := d.Blocked[0].CreatedBy; c == nil || c.Function != "example.com/racy/stats.Hammer" {
		t.Errorf("first access's creator %+v", c)
	}
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "3 data race(s)") {
		t.Errorf("notes %q", d.Notes)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %q", d.Warnings)
	}
}
