package stack

import (
	"bytes"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// FuzzParseDump feeds ParseDump arbitrary text (seeded from real dumps in
// testdata/fuzz/FuzzParseDump): it must never panic, and what it returns
// must hold together.
func FuzzParseDump(f *testing.F) {
	f.Add([]byte("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:3 +0x1\n"))
	f.Add([]byte("goroutine 1 gp=0x1 m=0 mp=0x2 [running]:\nexample.com/app.F({0x1, 0x2}, ...)\n\t/src/f.go:3 +0x1 fp=0x1 sp=0x2 pc=0x3\n...5 frames elided...\n"))
	c := NewClassifier("example.com/app")
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDump(bytes.NewReader(data), c)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if d.Goroutines < 1 {
			t.Fatalf("%d goroutines without an error", d.Goroutines)
		}
		headerless := len(d.Header) == 0 && strings.HasPrefix(d.Message, UnpastedPanic+": ")
		if d.Message != strings.Join(d.Header, "\n") && d.Type != "data race" && !headerless {
			t.Fatalf("Message %q is not the header %q", d.Message, d.Header)
		}
		if d.Ambiguous && d.Reason == "" {
			t.Fatal("ambiguous dump without a reason")
		}
		for _, fr := range d.Frames {
			switch fr.Kind {
			case report.FrameApp, report.FrameDependency, report.FrameStdlib:
			default:
				t.Fatalf("frame %+v has kind %q", fr, fr.Kind)
			}
			if fr.Function == "" {
				t.Fatalf("frame without a function: %+v", fr)
			}
		}
		tr := Format(d.Message, d.Frames, promptBudget)
		if tr.AppDropped == 0 && tr.Kept+tr.Omitted != len(Collapse(d.Frames)) {
			t.Fatalf("Format kept %d and omitted %d of %d frames", tr.Kept, tr.Omitted, len(Collapse(d.Frames)))
		}
	})
}
