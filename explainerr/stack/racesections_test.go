package stack

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// raceWithCreators is a race report as the race detector prints it, with
// the stacks that created both goroutines.
const raceWithCreators = `==================
WARNING: DATA RACE
Write at 0x00c0001d3fa0 by goroutine 7:
  example.com/app.Writer()
      /src/app/w.go:89 +0x952

Previous read at 0x00c0001d3fa0 by goroutine 6:
  example.com/app.Reader()
      /src/app/r.go:7 +0x1

Goroutine 7 (running) created at:
  example.com/app.Start()
      /src/app/s.go:3 +0x2

Goroutine 6 (finished) created at:
  example.com/app.Start()
      /src/app/s.go:4 +0x2
==================
`

// TestParseDumpRaceWithoutBlankLines parses a race report pasted without
// the blank lines between its sections: both accesses and both creation
// stacks are read, also when a panic follows the report (the race is
// then context).
func TestParseDumpRaceWithoutBlankLines(t *testing.T) {
	packed := strings.ReplaceAll(raceWithCreators, "\n\n", "\n")
	tests := map[string]string{
		"as printed":                   raceWithCreators,
		"no blank lines":               packed,
		"no blank lines, indented":     "    " + strings.ReplaceAll(strings.TrimSuffix(packed, "\n"), "\n", "\n    ") + "\n",
		"no blank lines, then a panic": packed + "panic: boom\n\ngoroutine 7 [running]:\nexample.com/app.Writer()\n\t/src/app/w.go:90 +0x1\n",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			d := parseString(t, in, NewClassifier("example.com/app"))
			if d.Goroutine != 7 || !slices.Equal(appFunctions(d.Frames), []string{"example.com/app.Writer"}) {
				t.Errorf("goroutine %d frames %+v, want goroutine 7 in example.com/app.Writer", d.Goroutine, d.Frames)
			}
			panicked := strings.Contains(name, "panic")
			if (d.Type == "data race") == panicked {
				t.Errorf("type %q", d.Type)
			}
			if !panicked && (d.Creator == nil || d.Creator.Function != "example.com/app.Start" || d.Creator.Line != 3) {
				t.Errorf("creator %+v, want example.com/app.Start at s.go:3", d.Creator)
			}
			var other *report.Goroutine
			for i := range d.Blocked {
				if d.Blocked[i].ID == 6 {
					other = &d.Blocked[i]
				}
			}
			if other == nil || !strings.HasPrefix(other.State, "previous read at 0x00c0001d3fa0") {
				t.Fatalf("the previous read by goroutine 6 is missing: %+v", d.Blocked)
			}
			if len(other.Frames) != 1 || other.Frames[0].Function != "example.com/app.Reader" || other.Frames[0].Line != 7 {
				t.Errorf("previous read's frames %+v", other.Frames)
			}
			if other.CreatedBy == nil || other.CreatedBy.Line != 4 {
				t.Errorf("previous read's creator %+v, want s.go:4", other.CreatedBy)
			}
			if len(d.Warnings) != 0 {
				t.Errorf("warnings %q", d.Warnings)
			}
		})
	}
}

// TestParseDumpIssueRaceWithoutBlankLines parses a race report pasted in
// a GitHub issue with no blank line between its sections, and cut inside
// its last creation stack: the earlier write by goroutine 86 is read, and
// the creator whose line number the paste may have cut keeps no line.
func TestParseDumpIssueRaceWithoutBlankLines(t *testing.T) {
	const app = "github.com/dedis/cothority"
	d := parseFile(t, filepath.Join("testdata", "issuedumps", "17_cothority-race-html-details-pre.txt"), NewClassifier(app))
	if d.Goroutine != 90 || d.Creator == nil || d.Creator.Function != app+"/sda.(*Overlay).TransmitMsg" || d.Creator.Line != 201 {
		t.Errorf("goroutine %d created by %+v, want 90 created at overlay.go:201", d.Goroutine, d.Creator)
	}
	if len(d.Blocked) != 1 || d.Blocked[0].ID != 86 || !strings.HasPrefix(d.Blocked[0].State, "previous write at 0x00c4200d4908") {
		t.Fatalf("the previous write by goroutine 86 is missing: %+v", d.Blocked)
	}
	if got := appFunctions(d.Blocked[0].Frames); !slices.Equal(got, []string{app + "/protocols/manage.TestPropagate.func1", app + "/protocols/manage.(*Propagate).Dispatch"}) {
		t.Errorf("previous write's app frames %q", got)
	}
	if c := d.Blocked[0].CreatedBy; c == nil || c.Function != app+"/sda.(*Overlay).TransmitMsg" || !strings.HasSuffix(c.File, "/sda/overlay.go") || c.Line != 0 {
		t.Errorf("goroutine 86's creator %+v, want TransmitMsg in overlay.go with its cut line unknown", c)
	}
	if slices.ContainsFunc(d.Warnings, func(w string) bool { return strings.Contains(w, "could not be parsed") }) {
		t.Errorf("warnings %q", d.Warnings)
	}
}

// TestParseDumpRaceStackNotRestored parses a race report whose earlier
// access the race detector could not restore the stack of: the access is
// kept without frames, and the creation stacks after it are read.
func TestParseDumpRaceStackNotRestored(t *testing.T) {
	d := parseFile(t, filepath.Join("testdata", "issuedumps", "16_popstellar-race-module-without-dot-nix.txt"), NewClassifier("popstellar"))
	if d.Goroutine != 40 || d.Creator == nil || d.Creator.Function != "testing.(*T).Run" {
		t.Errorf("goroutine %d created by %+v, want 40 created by testing.(*T).Run", d.Goroutine, d.Creator)
	}
	if len(d.Blocked) != 1 || d.Blocked[0].ID != 41 || len(d.Blocked[0].Frames) != 0 {
		t.Errorf("the access without a stack: %+v", d.Blocked)
	}
	if slices.ContainsFunc(d.Warnings, func(w string) bool { return strings.Contains(w, "could not be parsed") }) {
		t.Errorf("warnings %q", d.Warnings)
	}
}
