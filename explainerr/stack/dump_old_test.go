package stack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// parseDumpFile parses a dump under testdata/dumps for the app module
// example.com/shop, whose tree lies in /home/dev/shop on the machine that
// made the dump.
func parseDumpFile(t *testing.T, name string) *Dump {
	t.Helper()
	in, err := os.Open(filepath.Join("testdata", "dumps", name))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	d, err := ParseDumpWith(in, NewClassifier("example.com/shop"), DumpOptions{ModuleRoots: []string{"/home/dev/shop"}})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(d.Warnings) > 0 {
		t.Errorf("%s: parse warnings %v", name, d.Warnings)
	}
	return d
}

// TestParseDumpOlderRuntimes reads dumps of Go releases whose runtime was
// partly C and .goc: their frames are read, the app's found.
func TestParseDumpOlderRuntimes(t *testing.T) {
	cases := []struct {
		file, message string
		app           []string
		innermost     string
	}{
		{"go13-goc-nil-map.txt", "panic: assignment to entry in nil map",
			[]string{"example.com/shop/cart.(*Cart).Add", "main.addHandler"}, "runtime.mapassign1"},
		{"go12-goc-nil-deref.txt", "panic: runtime error: invalid memory address or nil pointer dereference",
			[]string{"example.com/shop/store.(*Store).Product", "main.productHandler"}, "example.com/shop/store.(*Store).Product"},
		{"go10-signal-only-c.txt", "panic: runtime error: index out of range",
			[]string{"example.com/shop/cart.(*Cart).First", "main.cartHandler"}, "example.com/shop/cart.(*Cart).First"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			d := parseDumpFile(t, tc.file)
			if !strings.HasPrefix(d.Message, tc.message) {
				t.Errorf("message %q, want %q", d.Message, tc.message)
			}
			if got := appFunctions(d.Frames); strings.Join(got, ",") != strings.Join(tc.app, ",") {
				t.Errorf("app frames %v, want %v", got, tc.app)
			}
			if len(d.Frames) == 0 || d.Frames[0].Function != tc.innermost {
				t.Errorf("innermost frame %+v, want %s", d.Frames, tc.innermost)
			}
			for _, f := range d.Frames {
				if strings.Contains(f.File, foreignFileMark) || IsPanicMachinery(f.Function) {
					t.Errorf("frame %+v: marker or panic machinery left in", f)
				}
			}
			if d.CreatedBy != "net/http.(*Server).Serve" || d.Creator == nil || d.Creator.Line == 0 {
				t.Errorf("created by %q %+v, want net/http.(*Server).Serve with its line", d.CreatedBy, d.Creator)
			}
		})
	}
	d := parseDumpFile(t, "go13-goc-nil-map.txt")
	if f := d.Frames[0]; f.File != "/usr/local/go/src/pkg/runtime/hashmap.goc" || f.Line != 1046 {
		t.Errorf(".goc frame read as %s:%d", f.File, f.Line)
	}
	if d.Goroutines != 2 {
		t.Errorf("%d goroutines, want 2 (the one in netpoll.goc too)", d.Goroutines)
	}
	// A goroutine that shows only its creator is counted, not invented.
	if d := parseDumpFile(t, "go12-goc-nil-deref.txt"); d.Goroutines != 4 {
		t.Errorf("%d goroutines, want 4", d.Goroutines)
	}
}

// TestParseDumpDeadlockShowsEveryBlockedGoroutine checks that a deadlock
// lists every goroutine that waits in app code, merged when identical.
func TestParseDumpDeadlockShowsEveryBlockedGoroutine(t *testing.T) {
	d := parseDumpFile(t, "deadlock-workers.txt")
	if !d.Ambiguous || d.Goroutine != 1 {
		t.Fatalf("picked goroutine %d (ambiguous %v), want 1, the first running app code", d.Goroutine, d.Ambiguous)
	}
	if got := appFunctions(d.Frames); strings.Join(got, ",") != "example.com/shop/jobs.(*Pool).Drain,main.main" {
		t.Errorf("failing goroutine's app frames %v", got)
	}
	if len(d.Blocked) != 2 {
		t.Fatalf("blocked goroutines %+v, want 2 (two identical workers merged, one reporter)", d.Blocked)
	}
	w := d.Blocked[0]
	if w.ID != 18 || w.State != "chan send" || w.Count != 2 || len(w.Frames) != 1 ||
		w.Frames[0].Function != "example.com/shop/jobs.(*Pool).work" || w.Frames[0].Line != 41 {
		t.Errorf("workers: %+v", w)
	}
	if w.CreatedBy == nil || w.CreatedBy.Function != "example.com/shop/jobs.(*Pool).Start" || w.CreatedBy.Line != 30 || w.CreatedBy.Kind != report.FrameApp {
		t.Errorf("workers' creator: %+v", w.CreatedBy)
	}
	r := d.Blocked[1]
	if r.ID != 20 || len(r.Frames) != 2 || r.Frames[0].Function != "sync.(*Mutex).Lock" ||
		r.Frames[1].Function != "example.com/shop/jobs.(*Pool).report" || r.Frames[1].Line != 70 {
		t.Errorf("reporter: %+v", r)
	}
}

// TestParseDumpPanicListsNoBlockedGoroutines: a panic names its goroutine;
// the others are bystanders.
func TestParseDumpPanicListsNoBlockedGoroutines(t *testing.T) {
	if d := parseDumpFile(t, "go12-goc-nil-deref.txt"); len(d.Blocked) != 0 {
		t.Errorf("a panic listed blocked goroutines: %+v", d.Blocked)
	}
}

// TestGoroutinesTextBudget checks that goroutines past the budget are
// counted, not printed, and that the first is always printed.
func TestGoroutinesTextBudget(t *testing.T) {
	var gs []report.Goroutine
	for i := 0; i < 30; i++ {
		gs = append(gs, report.Goroutine{ID: 100 + i, State: "chan receive", Frames: []report.Frame{
			{Function: "example.com/shop/jobs.(*Pool).work", File: "/home/dev/shop/jobs/pool.go", Line: 40 + i, Kind: report.FrameApp}}})
	}
	text := GoroutinesText(gs, 600)
	if len(text) > 700 || !strings.Contains(text, "goroutine 100 [chan receive]") || !strings.Contains(text, "more goroutines left out to fit the prompt") {
		t.Errorf("budgeted text (%d characters):\n%s", len(text), text)
	}
	if all := GoroutinesText(gs, 0); strings.Count(all, "goroutine 1") != 30 {
		t.Errorf("unbudgeted text lost goroutines:\n%s", all)
	}
	if one := GoroutinesText(gs[:1], 10); !strings.Contains(one, "goroutine 100") {
		t.Errorf("the first goroutine must always show: %q", one)
	}
}
