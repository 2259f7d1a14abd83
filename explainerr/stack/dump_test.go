package stack

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/crashdumps"
)

// crashDump is one labelled real crash dump of internal/crashdumps/testdata.
// crashDump is one labelled real crash dump.
type crashDump = crashdumps.Dump

func loadCrashDumps(t testing.TB) (string, []crashDump) {
	dir, dumps := crashdumps.Load(t)
	if len(dumps) != 10 {
		t.Fatalf("index.jsonl lists %d dumps, want 10", len(dumps))
	}
	return dir, dumps
}

func parseFile(t *testing.T, path string, c *Classifier) *Dump {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := ParseDump(f, c)
	if err != nil {
		t.Fatalf("ParseDump(%s): %v", filepath.Base(path), err)
	}
	return d
}

func appFunctions(frames []report.Frame) []string {
	var out []string
	for _, f := range frames {
		if f.Kind == report.FrameApp {
			out = append(out, f.Function)
		}
	}
	return out
}

// wantType is the panic value's type each real dump's header implies.
var wantType = map[string]string{
	"01_gvisor-gofer-nil-deref.txt":                     "runtime.errorString",
	"02_syncthing-connections-nil-deref.txt":            "runtime.errorString",
	"03_go-web-middleware-stack-overflow.txt":           "fatal error",
	"04_kubernetes-etcd3-watch-blocked-goroutines.txt":  "",
	"05_gonids-parser-slice-bounds.txt":                 "runtime.boundsError",
	"06_go-fuzz-corpus-encoding-json-slice-bounds.txt":  "runtime.boundsError",
	"07_syz-manager-http-handler-index.txt":             "runtime.boundsError",
	"08_go-compiler-makeslice-len.txt":                  "runtime.errorString",
	"09_terraform-remote-exec-interface-conversion.txt": "*runtime.TypeAssertionError",
	"10_terraform-provider-vsphere-nil-deref.txt":       "runtime.errorString",
}

func TestParseDumpRealDumps(t *testing.T) {
	dir, dumps := loadCrashDumps(t)
	for _, cd := range dumps {
		t.Run(cd.File, func(t *testing.T) {
			d := parseFile(t, filepath.Join(dir, cd.File), NewClassifier(cd.AppModule))
			if len(d.Frames) == 0 || d.Goroutines == 0 {
				t.Fatalf("no frames (%d) or goroutines (%d)", len(d.Frames), d.Goroutines)
			}
			if want, ok := wantType[cd.File]; !ok || d.Type != want {
				t.Errorf("Type = %q, want %q", d.Type, want)
			}
			got := appFunctions(d.Frames)
			if strings.HasPrefix(cd.File, "04_") {
				// No crash header: which goroutine failed is a guess.
				if !d.Ambiguous || d.Message != "" || len(d.Header) != 0 {
					t.Errorf("Ambiguous = %v, Message = %q, Header = %q; want an ambiguous dump without header", d.Ambiguous, d.Message, d.Header)
				}
				if d.Goroutines != 32 || d.Goroutine != 43 || d.State != "semacquire" {
					t.Errorf("goroutine %d [%s] of %d, want 43 [semacquire] of 32", d.Goroutine, d.State, d.Goroutines)
				}
				if len(got) == 0 || got[0] != cd.CulpritFunction {
					t.Errorf("app frames %q, want the test function %s first", got, cd.CulpritFunction)
				}
				return
			}
			if d.Ambiguous {
				t.Errorf("Ambiguous for a dump with a header (%s)", d.Reason)
			}
			if !strings.HasPrefix(d.Message, "panic: ") && !strings.HasPrefix(d.Message, "fatal error: ") {
				t.Errorf("Message = %q, want the panic or fatal error line first", d.Message)
			}
			if strings.Join(got, "\n") != strings.Join(cd.AppFrames, "\n") {
				t.Fatalf("app frames:\n got %d %q\nwant %d %q", len(got), got, len(cd.AppFrames), cd.AppFrames)
			}
			if got[0] != cd.CulpritFunction {
				t.Errorf("innermost app frame %s, want %s", got[0], cd.CulpritFunction)
			}
			for _, f := range d.Frames {
				if f.Kind == report.FrameRuntime || f.Function == "panic" || f.Line <= 0 || f.File == "" {
					t.Errorf("frame %+v: want no panic machinery and a file and line on every frame", f)
				}
			}
			checkFormatKeepsApps(t, d, promptBudget)
		})
	}
}

// checkFormatKeepsApps formats d's frames within budget and checks that
// every distinct app frame is in the text.
func checkFormatKeepsApps(t *testing.T, d *Dump, budget int) {
	t.Helper()
	tr := Format(d.Message, d.Frames, budget)
	if tr.AppDropped != 0 {
		t.Errorf("Format dropped %d app frames", tr.AppDropped)
	}
	if len(tr.Text) > budget {
		t.Errorf("trace is %d characters, budget %d", len(tr.Text), budget)
	}
	for _, f := range d.Frames {
		if f.Kind != report.FrameApp {
			continue
		}
		if want := fmt.Sprintf("%s  [app]", f.Function); !strings.Contains(tr.Text, want) {
			t.Errorf("trace lacks app frame %s:\n%s", f.Function, tr.Text)
		}
		if want := fmt.Sprintf("%s:%d\n", f.File, f.Line); !strings.Contains(tr.Text, want) {
			t.Errorf("trace lacks app frame location %s:\n%s", want, tr.Text)
		}
	}
}

func TestParseDumpSpecificFeatures(t *testing.T) {
	dir, _ := loadCrashDumps(t)
	// 09: a log prefix before every line.
	d := parseFile(t, filepath.Join(dir, "09_terraform-remote-exec-interface-conversion.txt"), NewClassifier("github.com/hashicorp/terraform"))
	if d.LinePrefix != "2017/05/05 17:55:54 [DEBUG] plugin: terraform: " {
		t.Errorf("LinePrefix = %q", d.LinePrefix)
	}
	if d.Message != "panic: interface conversion: interface {} is nil, not string" {
		t.Errorf("Message = %q", d.Message)
	}
	// 03: a fatal error with a runtime stack before the goroutine, and
	// elided frames.
	d = parseFile(t, filepath.Join(dir, "03_go-web-middleware-stack-overflow.txt"), NewClassifier("git.v6.io/go-web"))
	if !d.Elided || d.Goroutine != 21 || d.Goroutines != 7 {
		t.Errorf("Elided = %v, goroutine %d of %d; want elided, 21 of 7", d.Elided, d.Goroutine, d.Goroutines)
	}
	if d.Message != "fatal error: stack overflow\nruntime: goroutine stack exceeds 1000000000-byte limit" {
		t.Errorf("Message = %q", d.Message)
	}
	if d.CreatedBy != "net/http.(*Server).Serve" {
		t.Errorf("CreatedBy = %q", d.CreatedBy)
	}
	// 02: 73 goroutines, the failing one first.
	d = parseFile(t, filepath.Join(dir, "02_syncthing-connections-nil-deref.txt"), NewClassifier("github.com/syncthing/syncthing"))
	if d.Goroutines != 73 || d.Goroutine != 171 {
		t.Errorf("goroutine %d of %d, want 171 of 73", d.Goroutine, d.Goroutines)
	}
	if len(d.Header) != 2 || !strings.HasPrefix(d.Header[1], "[signal SIGSEGV") {
		t.Errorf("Header = %q", d.Header)
	}
}

func parseString(t *testing.T, s string, c *Classifier) *Dump {
	t.Helper()
	d, err := ParseDump(strings.NewReader(s), c)
	if err != nil {
		t.Fatalf("ParseDump: %v\ninput:\n%s", err, s)
	}
	return d
}

const goTestPanic = `=== RUN   TestCheapest
--- FAIL: TestCheapest (0.00s)
    shop_test.go:7: sorting the cart
panic: runtime error: index out of range [4] with length 4 [recovered]
	panic: runtime error: index out of range [4] with length 4

goroutine 18 [running]:
testing.tRunner.func1.2({0x576da0, 0x35bf0bc5c030})
	/usr/local/go/src/testing/testing.go:1974 +0x232
testing.tRunner.func1()
	/usr/local/go/src/testing/testing.go:1977 +0x349
panic({0x576da0?, 0x35bf0bc5c030?})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
example.com/shop.(*Cart).Cheapest.func1(0x35bf0bc10330?, 0x4820ec?)
	/home/dev/shop/shop.go:34 +0x3b
sort.insertionSort_func({0x35bf0bc0bec0?, 0x35bf0bc12ff0?}, 0x0, 0x4)
	/usr/local/go/src/sort/zsortfunc.go:12 +0xa6
sort.Slice({0x5511c0?, 0x35bf0bc10330?}, 0x35bf0bc0bec0)
	/usr/local/go/src/sort/slice.go:29 +0xc5
example.com/shop.(*Cart).Cheapest(0x35bf0bc12fc0?, 0x2)
	/home/dev/shop/shop.go:33 +0x77
example.com/shop.TestCheapest(0x35bf0bc54248?)
	/home/dev/shop/shop_test.go:8 +0xf4
testing.tRunner(0x35bf0bc54248, 0x5957c8)
	/usr/local/go/src/testing/testing.go:2036 +0xea
created by testing.(*T).Run in goroutine 1
	/usr/local/go/src/testing/testing.go:2101 +0x4c5
FAIL	example.com/shop	0.005s
FAIL
`

func TestParseDumpGoTestPanic(t *testing.T) {
	d := parseString(t, goTestPanic, NewClassifier("example.com/shop"))
	if d.Message != "panic: runtime error: index out of range [4] with length 4 [recovered]" {
		t.Errorf("Message = %q: want the repeated panic once", d.Message)
	}
	if d.Type != "runtime.boundsError" || d.Goroutine != 18 || d.Ambiguous {
		t.Errorf("Type %q goroutine %d ambiguous %v", d.Type, d.Goroutine, d.Ambiguous)
	}
	want := []string{"example.com/shop.(*Cart).Cheapest.func1", "example.com/shop.(*Cart).Cheapest", "example.com/shop.TestCheapest"}
	if got := appFunctions(d.Frames); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("app frames %q, want %q", got, want)
	}
	if d.Frames[0].Function != want[0] {
		t.Errorf("first frame %s: the recovering testing frames must be left out", d.Frames[0].Function)
	}
	if len(d.Blocked) != 0 || len(d.Notes) != 0 {
		t.Errorf("the testing package's recovering code is not the app's: %+v %q", d.Blocked, d.Notes)
	}
	if d.CreatedBy != "testing.(*T).Run" {
		t.Errorf("CreatedBy = %q", d.CreatedBy)
	}
}

func TestParseDumpNestedPanics(t *testing.T) {
	in := `panic: first failure [recovered]
	panic: second failure

goroutine 1 [running]:
main.cleanup()
	/src/app/main.go:20 +0x1
panic({0x1, 0x2})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
main.work()
	/src/app/main.go:10 +0x1
main.main()
	/src/app/main.go:5 +0x1
`
	d := parseString(t, in, NewClassifier("example.com/app", ""))
	if d.Message != "panic: first failure [recovered]\npanic: second failure" {
		t.Errorf("Message = %q", d.Message)
	}
	if d.Frames[0].Function != "main.work" {
		t.Errorf("first frame %s, want main.work (the code below the outermost panic)", d.Frames[0].Function)
	}
	// main frames are app frames when their file is below a module root.
	d, err := ParseDumpWith(strings.NewReader(in), NewClassifier("example.com/app"), DumpOptions{ModuleRoots: []string{"/src/app"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := appFunctions(d.Frames); strings.Join(got, " ") != "main.work main.main" {
		t.Errorf("app frames %q, want main.work main.main", got)
	}
	// The app code that recovered the first panic and panicked again is
	// kept as another stack of the same goroutine.
	if len(d.Blocked) != 1 || d.Blocked[0].ID != 1 || len(d.Blocked[0].Frames) != 1 ||
		d.Blocked[0].Frames[0].Function != "main.cleanup" || d.Blocked[0].Frames[0].Line != 20 ||
		!strings.Contains(d.Blocked[0].State, "recovered the panic") {
		t.Errorf("recovering code %+v, want main.cleanup at main.go:20", d.Blocked)
	}
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "panicked again with another value (second failure)") {
		t.Errorf("Notes = %q", d.Notes)
	}
}

func TestParseDumpNormalisesText(t *testing.T) {
	base := "panic: boom\n\ngoroutine 7 [running]:\nexample.com/app/store.(*DB).Get(0x1)\n\t/src/store/db.go:12 +0x1d\nexample.com/app.handler()\n\t/src/handler.go:30 +0x2\ncreated by example.com/app.serve\n\t/src/serve.go:9 +0x3\n"
	lines := strings.Split(strings.TrimSuffix(base, "\n"), "\n")
	variants := map[string]string{
		"crlf":            strings.ReplaceAll(base, "\n", "\r\n"),
		"em-space indent": strings.ReplaceAll(base, "\t", "\u2003"),
		"nbsp indent":     strings.ReplaceAll(base, "\t", "\u00a0\u00a0\u00a0\u00a0"),
		"spaces indent":   strings.ReplaceAll(base, "\t", "    "),
		"trailing blanks": strings.ReplaceAll(base, "\n", "  \n"),
		"no indent":       strings.ReplaceAll(base, "\t", ""),
		"bom":             "\uFEFF" + base,
		"indented block":  "    " + strings.ReplaceAll(strings.TrimSuffix(base, "\n"), "\n", "\n    ") + "\n",
		"changing timestamps": func() string {
			var b strings.Builder
			for i, l := range lines {
				fmt.Fprintf(&b, "2024-01-02T10:00:%02d.%03dZ app[%d]: %s\n", i, i*7, 1000+i, l)
			}
			return b.String()
		}(),
		"prefix lost on blank line": func() string {
			var b strings.Builder
			for _, l := range lines {
				if l == "" {
					b.WriteString("web.1 |\n")
					continue
				}
				b.WriteString("web.1 | " + l + "\n")
			}
			return b.String()
		}(),
		"markdown fence": "Here is the crash:\n\n```\n" + base + "```\n\nAny idea?\n",
	}
	for name, in := range variants {
		t.Run(name, func(t *testing.T) {
			d := parseString(t, in, NewClassifier("example.com/app"))
			got := appFunctions(d.Frames)
			if strings.Join(got, " ") != "example.com/app/store.(*DB).Get example.com/app.handler" {
				t.Errorf("app frames %q", got)
			}
			if d.Message != "panic: boom" || d.Goroutine != 7 || d.Ambiguous {
				t.Errorf("Message %q goroutine %d ambiguous %v", d.Message, d.Goroutine, d.Ambiguous)
			}
			if d.Frames[0].File != "/src/store/db.go" || d.Frames[0].Line != 12 {
				t.Errorf("first frame at %s:%d", d.Frames[0].File, d.Frames[0].Line)
			}
		})
	}
}

func TestParseDumpOldElidedLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("panic: deep\n\ngoroutine 3 [running]:\n")
	for i := 0; i < 50; i++ {
		b.WriteString("example.com/app.walk(0x1)\n\t/src/walk.go:8 +0x1\n")
	}
	b.WriteString("...additional frames elided...\n")
	b.WriteString("example.com/app.Start()\n\t/src/walk.go:3 +0x1\ncreated by main.main\n\t/src/main.go:4 +0x1\n")
	d := parseString(t, b.String(), NewClassifier("example.com/app"))
	if !d.Elided || len(d.Frames) != 51 || d.Frames[50].Function != "example.com/app.Start" {
		t.Errorf("Elided %v, %d frames (last %s); want elided, 51, Start last", d.Elided, len(d.Frames), d.Frames[len(d.Frames)-1].Function)
	}
	checkFormatKeepsApps(t, d, promptBudget)
}

func TestParseDumpChoosesFailingGoroutine(t *testing.T) {
	parked := "goroutine 1 [chan receive]:\nexample.com/app.wait()\n\t/src/wait.go:5 +0x1\nmain.main()\n\t/src/main.go:3 +0x1\n\n"
	pprof := "goroutine 40 [running]:\nruntime/pprof.writeGoroutineStacks({0x1, 0x2})\n\t/go/src/runtime/pprof/pprof.go:703 +0x6a\nnet/http.HandlerFunc.ServeHTTP(0x1)\n\t/go/src/net/http/server.go:2136 +0x29\n\n"
	worker := "goroutine 9 [running]:\nexample.com/app.spin()\n\t/src/spin.go:7 +0x1\ncreated by main.main\n\t/src/main.go:4 +0x1\n\n"
	c := NewClassifier("example.com/app")
	tests := []struct {
		name, in  string
		goroutine int
		ambiguous bool
	}{
		{"header names the goroutine", "panic: x\n\n" + worker + parked, 9, false},
		{"no header, a running goroutine", parked + worker, 9, true},
		{"no header, the dump writer is skipped", pprof + parked, 1, true},
		{"deadlock", "fatal error: all goroutines are asleep - deadlock!\n\n" + pprof + parked, 1, true},
		{"signal", "SIGQUIT: quit\nPC=0x46b341 m=0 sigcode=0\n\n" + parked + worker, 9, true},
		{"second dump in a log", "starting\n" + parked + "server log line\npanic: x\n\n" + worker, 9, false},
		{"test timeout", "panic: test timed out after 10m0s\n\trunning tests:\n\t\tTestWait (10m0s)\n\n" +
			"goroutine 30 [running]:\ntesting.(*M).startAlarm.func1()\n\t/go/src/testing/testing.go:2373 +0x265\ncreated by time.goFunc\n\t/go/src/time/sleep.go:215 +0x2d\n\n" +
			"goroutine 6 [chan receive]:\nexample.com/app.wait()\n\t/src/wait.go:5 +0x1\nexample.com/app.TestWait(0x1)\n\t/src/wait_test.go:9 +0x1\ntesting.tRunner(0x1, 0x2)\n\t/go/src/testing/testing.go:1689 +0xfb\n\n", 6, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parseString(t, tt.in, c)
			if d.Goroutine != tt.goroutine || d.Ambiguous != tt.ambiguous {
				t.Errorf("goroutine %d ambiguous %v (%s); want %d ambiguous %v", d.Goroutine, d.Ambiguous, d.Reason, tt.goroutine, tt.ambiguous)
			}
			if d.Reason == "" {
				t.Error("no Reason")
			}
		})
	}
}

func TestParseDumpMalformedGoroutineDoesNotStopTheParse(t *testing.T) {
	in := "panic: x\n\ngoroutine 9 [running]:\nexample.com/app.spin()\n\t/src/spin.go:7 +0x1\n\n" +
		"goroutine 10 [select]:\nexample.com/app.broken(\n\tnot a file line\n\n" +
		"goroutine 11 [select]:\nexample.com/app.loop()\n\t/src/loop.go:3 +0x1\n"
	d := parseString(t, in, NewClassifier("example.com/app"))
	if d.Goroutine != 9 || d.Goroutines != 3 {
		t.Errorf("goroutine %d of %d, want 9 of 3", d.Goroutine, d.Goroutines)
	}
}

func TestParseDumpDataRace(t *testing.T) {
	in := `==================
WARNING: DATA RACE
Write at 0x00c0000a4010 by goroutine 7:
  example.com/app.(*Counter).Inc()
      /src/counter.go:12 +0x44

Previous read at 0x00c0000a4010 by goroutine 6:
  example.com/app.(*Counter).Get()
      /src/counter.go:16 +0x3a

Goroutine 7 (running) created at:
  main.main()
      /src/main.go:9 +0x8e
==================
`
	d := parseString(t, in, NewClassifier("example.com/app"))
	if d.Type != "data race" || len(d.Frames) == 0 || d.Frames[0].Function != "example.com/app.(*Counter).Inc" {
		t.Errorf("Type %q frames %+v", d.Type, d.Frames)
	}
}

func TestGuessType(t *testing.T) {
	tests := map[string]string{
		"panic: runtime error: index out of range [5] with length 3":              "runtime.boundsError",
		"panic: runtime error: slice bounds out of range [:7] with capacity 4":    "runtime.boundsError",
		"panic: runtime error: invalid memory address or nil pointer dereference": "runtime.errorString",
		"panic: runtime error: integer divide by zero":                            "runtime.errorString",
		"panic: runtime error: hash of unhashable type []int":                     "runtime.errorString",
		"panic: runtime error: some future runtime error":                         "runtime.Error",
		"panic: interface conversion: interface {} is nil, not string":            "*runtime.TypeAssertionError",
		"panic: assignment to entry in nil map":                                   "runtime.plainError",
		"panic: send on closed channel [recovered]":                               "runtime.plainError",
		"fatal error: concurrent map writes":                                      "fatal error",
		"panic: main.Code(42)":                                                    "main.Code",
		`panic: example.com/app.State("bad")`:                                     "example.com/app.State",
		"panic: (main.T) 0xc000012345":                                            "main.T",
		"panic: (*errors.errorString) {...}":                                      "",
		"panic: something went wrong":                                             "",
		"SIGQUIT: quit":                                                           "signal",
	}
	for line, want := range tests {
		if got := guessType(line); got != want {
			t.Errorf("guessType(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestParseDumpMultiLinePanicValue(t *testing.T) {
	in := "panic: first line\nsecond line\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:3 +0x1\n"
	d := parseString(t, in, NewClassifier("example.com/app"))
	if d.Message != "panic: first line\nsecond line" {
		t.Errorf("Message = %q", d.Message)
	}
}

func TestParseDumpBadInput(t *testing.T) {
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i*7919 + i/3)
	}
	tests := map[string]string{
		"empty":         "",
		"blank":         "\n \n\t\n",
		"garbage":       string(garbage),
		"no goroutines": "panic: boom\n\nsome log line\nanother\n",
		"header only":   "goroutine 1 [running]:\n",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			d, err := ParseDump(strings.NewReader(in), NewClassifier("example.com/app"))
			if err == nil {
				t.Fatalf("want an error, got %+v", d)
			}
			if msg := err.Error(); !strings.Contains(msg, "empty") && !strings.Contains(msg, "no goroutine stack found") {
				t.Errorf("unclear error: %v", err)
			}
		})
	}
}

func TestParseDumpTooLarge(t *testing.T) {
	in := strings.Repeat("x", 2000)
	_, err := ParseDumpWith(strings.NewReader(in), NewClassifier(""), DumpOptions{MaxBytes: 1000})
	if err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Fatalf("err = %v, want a size error", err)
	}
	_, err = ParseDump(errReader{}, NewClassifier(""))
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("err = %v, want the read error", err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestDumpKindVendorAndGeneratedMain(t *testing.T) {
	c := NewClassifier("example.com/app")
	tests := []struct{ fn, file, want string }{
		{"example.com/app/vendor/github.com/x/y.F", "/go/src/example.com/app/vendor/github.com/x/y/y.go", report.FrameDependency},
		{"example.com/app/store.F", "/go/src/example.com/app/store/s.go", report.FrameApp},
		{"main.main", "/go/src/example.com/app/cmd/app/main.go", report.FrameApp},
		{"main.main", "example.com/app/cmd/app/main.go", report.FrameApp},
		{"main.main", "/elsewhere/tool/main.go", report.FrameApp},
		{"main.main", "/postfix_exporter/main.go", report.FrameApp},
		{"main.main", "C:/Users/x/tool/main.go", report.FrameApp},
		{"main.main", "", report.FrameApp},
		{"main.main", "/go/src/github.com/other/tool/main.go", report.FrameDependency},
		{"main.main", "github.com/other/tool/main.go", report.FrameDependency},
		{"main.main", "/opt/go1.11/src/cmd/compile/main.go", report.FrameDependency},
		{"main.main", "/home/u/go/pkg/mod/github.com/other/tool@v1.0.0/main.go", report.FrameDependency},
		{"main.LLVMFuzzerTestOneInput", "example.com/app/go.fuzz.main/main.go", report.FrameDependency},
		{"main._cgoexpwrap_1_F", "_cgo_gotypes.go", report.FrameDependency},
		// The main function "go test" generates for a test binary.
		{"main.main", "_testmain.go", report.FrameDependency},
		{"main.main", "/tmp/go-build123/b001/_testmain.go", report.FrameDependency},
	}
	for _, tt := range tests {
		if got := dumpKind(c, tt.fn, tt.file, appRoots{}); got != tt.want {
			t.Errorf("dumpKind(%s, %s) = %s, want %s", tt.fn, tt.file, got, tt.want)
		}
	}
	// Outside the tree of the dump's app packages, a main package is
	// another program's.
	tree := appRoots{tree: []string{"/src/shop"}}
	for file, want := range map[string]string{
		"/src/shop/cmd/shop/main.go": report.FrameApp,
		"/elsewhere/tool/main.go":    report.FrameDependency,
	} {
		if got := dumpKind(c, "main.main", file, tree); got != want {
			t.Errorf("dumpKind(main.main, %s) with the app in /src/shop = %s, want %s", file, got, want)
		}
	}
}

// TestDumpKindMainWithNothingNamed: with no app module known, a main
// package on another project's GOPATH path or in the module cache is the
// crashed program's own code (the one asked about), a generated harness
// still is not.
func TestDumpKindMainWithNothingNamed(t *testing.T) {
	c := NewClassifier("")
	for file, want := range map[string]string{
		"/syzkaller/gopath/src/github.com/google/syzkaller/syz-manager/html.go": report.FrameApp,
		"github.com/other/tool/main.go":                                         report.FrameApp,
		"/tmp/go-build123/b001/_testmain.go":                                    report.FrameDependency,
	} {
		if got := dumpKind(c, "main.main", file, appRoots{}); got != want {
			t.Errorf("dumpKind(main.main, %s) with no app named = %s, want %s", file, got, want)
		}
	}
}
