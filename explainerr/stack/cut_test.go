package stack

import (
	"strings"
	"testing"
)

// TestParseDumpCutInsideFileLine parses a dump that ends inside its last
// frame's line number: a warning says the number may be cut.
func TestParseDumpCutInsideFileLine(t *testing.T) {
	d := parseFile(t, "testdata/dumps/cut-line-number.txt", NewClassifier("example.com/shop"))
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "ends inside a frame's file line") || !strings.Contains(d.Warnings[0], "store.go:3") {
		t.Errorf("Warnings = %q, want one about the cut file line", d.Warnings)
	}
	// The same dump with its final newline, or with an offset, is whole.
	for _, text := range []string{
		"goroutine 1 [running]:\nmain.main()\n\t/app/main.go:3\n",
		"goroutine 1 [running]:\nmain.main()\n\t/app/main.go:3 +0x1d",
	} {
		d, err := ParseDump(strings.NewReader(text), NewClassifier("example.com/shop"))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Warnings) != 0 {
			t.Errorf("%q: unexpected warnings %q", text, d.Warnings)
		}
	}
}

// TestFormatUnknownLocation formats a frame whose dump has no file line:
// its location is said to be unknown, never ".:0" or ":0".
func TestFormatUnknownLocation(t *testing.T) {
	d := parseFile(t, "testdata/dumps/no-file-line.txt", NewClassifier("example.com/shop"))
	if len(d.Frames) != 1 || d.Frames[0].File != "" {
		t.Fatalf("frames %+v, want main.main with no file", d.Frames)
	}
	text := frameText(&d.Frames[0])
	if strings.Contains(text, ":0") || !strings.Contains(text, "(location unknown)") {
		t.Errorf("frameText = %q, want the location said unknown", text)
	}
	for _, tc := range []struct {
		file string
		line int
		want string
	}{
		{"", 0, "(location unknown)"},
		{".", 0, "(location unknown)"},
		{"/app/x.go", 0, "/app/x.go"},
		{"/app/x.go", 7, "/app/x.go:7"},
	} {
		if got := Location(tc.file, tc.line); got != tc.want {
			t.Errorf("Location(%q, %d) = %q, want %q", tc.file, tc.line, got, tc.want)
		}
	}
}
