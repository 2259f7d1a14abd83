package stack

import (
	"slices"
	"strings"
	"testing"
)

// TestParseDumpCutInsideFileLine parses a dump that ends inside its last
// frame's line number: a warning says the number may be cut, and the
// frame keeps its file but not the number.
func TestParseDumpCutInsideFileLine(t *testing.T) {
	d := parseFile(t, "testdata/dumps/cut-line-number.txt", NewClassifier("example.com/shop"))
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "ends inside a frame's file line") || !strings.Contains(d.Warnings[0], "store.go:3") {
		t.Errorf("Warnings = %q, want one about the cut file line", d.Warnings)
	}
	if len(d.Frames) != 1 || !strings.HasSuffix(d.Frames[0].File, "/store.go") || d.Frames[0].Line != 0 {
		t.Errorf("frames %+v, want the cut frame with its file and no line", d.Frames)
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

// cutStore is the app function whose frame the dumps of
// TestParseDumpCutLastFrame cut.
const cutStore = "example.com/shop/internal/store.(*Inventory).Stock"

// cutHead is a dump's start, down to the frames above the one that is
// cut: a dependency's, one of them inlined.
const cutHead = `panic: runtime error: index out of range [5] with length 3

goroutine 1 [running]:
github.com/lib/pq.(*conn).recv(...)
	/root/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go:1000
github.com/lib/pq.(*conn).query(0xc000010000)
	/root/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go:870 +0x1d
`

// TestParseDumpCutLastFrame parses dumps cut inside their last frame,
// the only one of the app: the frame is kept as the app's and the
// culprit, with the file and line the paste still shows and no other, a
// warning names it, and no part of the dump is said to be unreadable.
func TestParseDumpCutLastFrame(t *testing.T) {
	const file = "/home/u/shop/internal/store/store.go"
	tests := []struct {
		name, tail string
		file       string
		line       int
		warning    string
	}{
		{"no file line, at the end of the input", cutStore + "(0xc000012345)", "", 0, "ends after the function line"},
		{"no file line, then a newline", cutStore + "(0xc000012345)\n", "", 0, "ends after the function line"},
		{"no file line, then the end of a code block", cutStore + "(0xc000012345)\n```\n", "", 0, "ends after the function line"},
		{"cut inside the arguments", cutStore + "(0xc0000", "", 0, "ends inside the function line"},
		{"cut inside the file's name", cutStore + "(...)\n\t/home/u/shop/internal/st", "", 0, "cut short"},
		{"cut inside the file's name, then a newline", cutStore + "(...)\n\t/home/u/shop/internal/st\n", "", 0, "cut short"},
		{"cut after the file's name", cutStore + "(...)\n\t" + file + ":", file, 0, "its line is unknown"},
		{"cut inside the offset", cutStore + "(0xc000012345)\n\t" + file + ":44 +0x", file, 44, "read as " + file + ":44"},
		{"cut inside the line number", cutStore + "(...)\n\t" + file + ":4", file, 0, "may be cut short"},
		{"cut before the offset, then a newline", cutStore + "(0xc000012345)\n\t" + file + ":4\n", file, 0, "may be cut short"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := parseString(t, cutHead+tc.tail, NewClassifier("example.com/shop"))
			if got := appFunctions(d.Frames); len(got) != 1 || got[0] != cutStore {
				t.Fatalf("app frames %q, want the cut frame %s; frames %+v", got, cutStore, d.Frames)
			}
			f := d.Frames[len(d.Frames)-1]
			if f.Function != cutStore || f.File != tc.file || f.Line != tc.line {
				t.Errorf("cut frame %+v, want file %q line %d", f, tc.file, tc.line)
			}
			if text := frameText(&f); strings.Contains(text, ":0") || strings.Contains(text, "store.go:4\n") {
				t.Errorf("the frame claims a line the dump does not show: %q", text)
			}
			if !slices.ContainsFunc(d.Warnings, func(w string) bool { return strings.Contains(w, cutStore) && strings.Contains(w, tc.warning) }) {
				t.Errorf("warnings %q, want one naming %s with %q", d.Warnings, cutStore, tc.warning)
			}
			if slices.ContainsFunc(d.Warnings, func(w string) bool { return strings.Contains(w, "could not be parsed") }) {
				t.Errorf("warnings %q: the repaired frame is said to be unreadable", d.Warnings)
			}
		})
	}
}

// TestParseDumpWholeLastFrame parses dumps whose last frame is whole
// though its file line has no offset (an inlined call; a Go that prints
// none): the line is kept and nothing is said to be cut.
func TestParseDumpWholeLastFrame(t *testing.T) {
	for _, in := range []string{
		cutHead + cutStore + "(...)\n\t/home/u/shop/internal/store/store.go:4\n",
		"panic: boom\n\ngoroutine 1 [running]:\n" + cutStore + "(0xc000012345)\n\t/home/u/shop/internal/store/store.go:4\n",
	} {
		d := parseString(t, in, NewClassifier("example.com/shop"))
		if f := d.Frames[len(d.Frames)-1]; f.Function != cutStore || f.Line != 4 {
			t.Errorf("last frame %+v, want %s at line 4", f, cutStore)
		}
		if len(d.Warnings) != 0 {
			t.Errorf("warnings %q for a whole dump", d.Warnings)
		}
	}
}

// TestParseDumpFrameWithoutFileLine parses a deadlock whose first
// goroutine's last frame lost its file line: the frame is kept, and the
// goroutines after it are still read.
func TestParseDumpFrameWithoutFileLine(t *testing.T) {
	d := parseString(t, `fatal error: all goroutines are asleep - deadlock!

goroutine 1 [chan receive]:
example.com/shop.Wait()
	/home/u/shop/wait.go:3 +0x1d
main.main()

goroutine 2 [chan send]:
example.com/shop.Send()
	/home/u/shop/send.go:3 +0x1d
created by main.main in goroutine 1
	/home/u/shop/main.go:9 +0x1
`, NewClassifier("example.com/shop"))
	if got := appFunctions(d.Frames); !slices.Equal(got, []string{"example.com/shop.Wait", "main.main"}) {
		t.Errorf("app frames %q", got)
	}
	if len(d.Blocked) != 1 || d.Blocked[0].ID != 2 || len(d.Blocked[0].Frames) == 0 || d.Blocked[0].Frames[0].Function != "example.com/shop.Send" {
		t.Errorf("blocked goroutines %+v, want goroutine 2 in example.com/shop.Send", d.Blocked)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "main.main has no file line") {
		t.Errorf("warnings %q, want one about main.main", d.Warnings)
	}
}

// TestParseDumpCutRaceFrame parses a race report cut inside the file
// line of its first access's only app frame: the frame is kept, with no
// file, and the report is read without a parse error.
func TestParseDumpCutRaceFrame(t *testing.T) {
	d := parseString(t, `==================
WARNING: DATA RACE
Write at 0x00c0001d3fa0 by goroutine 7:
  runtime.mapassign_faststr()
      /usr/local/go/src/runtime/map_faststr.go:203 +0x0
  example.com/shop.(*Cache).Put()
      /home/u/shop/ca
`, NewClassifier("example.com/shop"))
	if d.Type != "data race" || d.Goroutine != 7 {
		t.Errorf("type %q goroutine %d, want the race's goroutine 7", d.Type, d.Goroutine)
	}
	if got := appFunctions(d.Frames); len(got) != 1 || got[0] != "example.com/shop.(*Cache).Put" || d.Frames[len(d.Frames)-1].File != "" {
		t.Errorf("frames %+v, want the cut app frame with no file", d.Frames)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "(*Cache).Put is cut short") {
		t.Errorf("warnings %q, want one about the cut frame", d.Warnings)
	}
}

// TestCutFrameWarningNamesGoroutine names the goroutine in a warning about
// a damaged frame of a goroutine other than the failing one, which may
// have a frame of the same function whose file line is whole; a warning
// about the failing goroutine's own frame names none.
func TestCutFrameWarningNamesGoroutine(t *testing.T) {
	const frame = "example.com/app.(*H).ServeHTTP(0xc00000f720)\n"
	in := "http: panic serving 10.0.0.1:1: boom\ngoroutine 5 [running]:\n" + frame + "\t/src/app/h.go:885 +0x43a\n" +
		"http: panic serving 10.0.0.1:2: boom\ngoroutine 6 [running]:\n" + frame + "\t/src/app/h.g\n"
	d := parseString(t, in, NewClassifier("example.com/app"))
	want := "goroutine 6: the file line of example.com/app.(*H).ServeHTTP is cut short"
	if d.Goroutine != 5 || len(d.Warnings) != 1 || !strings.HasPrefix(d.Warnings[0], want) {
		t.Errorf("goroutine %d, warnings %q; want 5 and one starting %q", d.Goroutine, d.Warnings, want)
	}
	d = parseString(t, "panic: boom\n\ngoroutine 6 [running]:\n"+frame+"\t/src/app/h.g\n", NewClassifier("example.com/app"))
	if len(d.Warnings) != 1 || !strings.HasPrefix(d.Warnings[0], "the file line of example.com/app.(*H).ServeHTTP is cut short") {
		t.Errorf("warnings %q", d.Warnings)
	}
}
