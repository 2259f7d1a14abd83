package stack

import (
	"slices"
	"strings"
	"testing"
)

// raceReport is a race report as the race detector prints it today.
const raceReport = `==================
WARNING: DATA RACE
Write at 0x00c0001d3fa0 by goroutine 40:
  example.com/app.Writer()
      /src/app/w.go:89 +0x952

Previous read at 0x00c0001d3fa0 by goroutine 41:
  example.com/app.Reader()
      /src/app/r.go:7 +0x1

Goroutine 40 (running) created at:
  example.com/app.Start()
      /src/app/s.go:3 +0x2
==================
`

// TestParseDumpPastedRaceReports parses race reports pasted in forms the
// goroutine parser does not read as they are.
func TestParseDumpPastedRaceReports(t *testing.T) {
	indented := "    " + strings.ReplaceAll(strings.TrimSuffix(raceReport, "\n"), "\n", "\n    ") + "\n"
	tests := map[string]string{
		"as printed":                     raceReport,
		"after the tail of a cut report": "Goroutine 39 (running) created at:\n  testing.tRunner()\n      /go/src/testing/testing.go:1259 +0x22f\n==================\n" + raceReport,
		"indented":                       indented,
		"indented, no separators":        strings.ReplaceAll(indented, "    ==================\n", ""),
		"no separators":                  strings.ReplaceAll(raceReport, "==================\n", ""),
		"Go before 1.3": strings.NewReplacer("Write at 0x00c0001d3fa0 by", "Write by",
			"Previous read at 0x00c0001d3fa0 by", "Previous read by").Replace(raceReport),
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			d := parseString(t, in, NewClassifier("example.com/app"))
			if d.Type != "data race" || d.Goroutine != 40 {
				t.Errorf("type %q goroutine %d, want the data race's goroutine 40", d.Type, d.Goroutine)
			}
			if got := appFunctions(d.Frames); !slices.Equal(got, []string{"example.com/app.Writer"}) {
				t.Errorf("app frames %q", got)
			}
			if len(d.Blocked) != 1 || d.Blocked[0].ID != 41 || !strings.HasPrefix(d.Blocked[0].State, "previous read") {
				t.Errorf("the other access: %+v", d.Blocked)
			}
			if name == "Go before 1.3" && strings.Contains(d.Blocked[0].State, "0x") {
				t.Errorf("an address the report does not name: %q", d.Blocked[0].State)
			}
		})
	}
}
