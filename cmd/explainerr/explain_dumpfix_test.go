package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/testdir"
)

// movedDump writes a copy of dump whose files, made below /tmp/dumptest,
// are moved below dir, and returns its path.
func movedDump(t *testing.T, dump, dir string) string {
	t.Helper()
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte("/tmp/dumptest"), []byte(filepath.ToSlash(dir)))
	out := filepath.Join(t.TempDir(), filepath.Base(dump))
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestExplainMainFramesOutsideAppDir explains, from outside the app (this
// repository), a dump whose main package frames lie in the app's module on
// this machine: they are marked as the app's, as they are when the command
// runs in the app's directory.
func TestExplainMainFramesOutsideAppDir(t *testing.T) {
	noModelEnv(t)
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{"shop/go.mod": "module example.com/shop\n\ngo 1.26\n"})
	file := movedDump(t, syntheticDump(t, "main-inlined-closures.txt"), dir)
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, _, trace := splitPrompt(t, out)
	checkTrace(t, trace, []string{
		"main.init.2.(*Inventory).Restock.Retry.init.2.(*Inventory).Restock.func1.func2",
		"main.init.2.(*Inventory).Restock.func1",
		"example.com/shop/internal/store.Retry",
		"main.init.2",
	}, 100000)
	if !strings.Contains(errOut, "5 frames, 5 of them the app's") {
		t.Errorf("stderr: %s", errOut)
	}
}

// TestExplainCraftedFramesReadNothing explains dumps whose frames name a
// file that is not the app's Go source (an env file, another module's Go
// file, a -trimpath path climbing out of the module): none is read.
func TestExplainCraftedFramesReadNothing(t *testing.T) {
	noModelEnv(t)
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{
		"shop/go.mod":           "module example.com/shop\n\ngo 1.26\n",
		"shop/cmd/shop/main.go": "package main\n\nfunc main() {}\n",
		"secret/fake.env":       "A=1\nleaked-marker-one\nline3\n",
		"other/go.mod":          "module example.com/other\n\ngo 1.26\n",
		"other/leak.go":         "package other\n\n// leaked-marker-two\nfunc Leak() {}\n",
	})
	abs := movedDump(t, filepath.Join("testdata", "dumps", "crafted-abs.txt"), dir)
	otherGo := filepath.Join(t.TempDir(), "other-go.txt")
	data, _ := os.ReadFile(abs)
	if err := os.WriteFile(otherGo, bytes.ReplaceAll(data, []byte("secret/fake.env:2"), []byte("other/leak.go:3")), 0o644); err != nil {
		t.Fatal(err)
	}
	trav, err := filepath.Abs(filepath.Join("testdata", "dumps", "crafted-trav.txt"))
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, file string) {
		for _, args := range [][]string{
			{"explain", "-print-prompt", "-module", "example.com/shop", file},
			{"explain", "-module", "example.com/shop", file},
		} {
			code, out, errOut := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("%q: exit %d: %s", args, code, errOut)
			}
			if strings.Contains(out, "leaked-marker") || strings.Contains(out, "line3") {
				t.Errorf("%q: a file outside the app's Go source was read:\n%s", args, out)
			}
		}
	}
	for _, file := range []string{abs, otherGo, trav} {
		t.Run(filepath.Base(file)+"/outside", func(t *testing.T) { check(t, file) })
		t.Run(filepath.Base(file)+"/in app", func(t *testing.T) {
			t.Chdir(filepath.Join(dir, "shop"))
			check(t, file)
		})
	}
}

// TestExplainStripsControlCharacters explains dumps holding terminal
// escape codes, around the dump's lines and inside a panic value: the
// header is read, and no control character but tab and newline is
// printed.
func TestExplainStripsControlCharacters(t *testing.T) {
	noModelEnv(t)
	payload, err := filepath.Abs(filepath.Join("testdata", "dumps", "payload-ansi.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ file, module, header string }{
		{payload, "example.com/payload", "panic: red  done"},
		{syntheticDump(t, "ansi-colours.txt"), "example.com/shop", "panic: assignment to entry in nil map"},
		{syntheticDump(t, "ansi-header.txt"), "example.com/shop", "panic: runtime error: invalid memory address or nil pointer dereference"},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			for _, args := range [][]string{
				{"explain", "-print-prompt", "-module", tc.module, tc.file},
				{"explain", "-module", tc.module, tc.file},
			} {
				code, out, errOut := runCLI(t, "", args...)
				if code != 0 {
					t.Fatalf("%q: exit %d: %s", args, code, errOut)
				}
				for _, s := range []string{out, errOut} {
					if i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' && r != '\n' || r == 0x7f }); i >= 0 {
						t.Errorf("%q: control character %q printed: %q", args, s[i], s[max(0, i-20):min(len(s), i+20)])
					}
				}
				if args[1] == "-print-prompt" {
					if _, _, trace := splitPrompt(t, out); !strings.HasPrefix(trace, tc.header) {
						t.Errorf("trace does not start with %q:\n%s", tc.header, trace)
					}
				}
			}
		})
	}
}

// TestExplainSignalDumpSkipsG0 explains a SIGQUIT dump from outside the
// app: the failing goroutine taken is the first user goroutine, never the
// scheduler's goroutine 0.
func TestExplainSignalDumpSkipsG0(t *testing.T) {
	noModelEnv(t)
	code, _, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/misc", syntheticDump(t, "sigquit-g0.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "goroutine 1 [sleep] failed") {
		t.Errorf("want goroutine 1 chosen: %s", errOut)
	}
}

// TestExplainCutAndMissingFileLines explains a dump cut inside its last
// line number (a warning says so) and one with no file line (its location
// is said to be unknown, never ":0"; the frame is still the app's).
func TestExplainCutAndMissingFileLines(t *testing.T) {
	noModelEnv(t)
	code, _, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", syntheticDump(t, "cut-line-number.txt"))
	if code != 0 || !strings.Contains(errOut, "warning: ") || !strings.Contains(errOut, "ends inside a frame's file line") {
		t.Errorf("exit %d; want a warning about the cut line: %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/shop", syntheticDump(t, "no-file-line.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, _, trace := splitPrompt(t, out)
	if strings.Contains(trace, ":0") || !strings.Contains(trace, "main.main  [app]\n    (location unknown)\n") {
		t.Errorf("the trace does not say the location is unknown:\n%s", trace)
	}
}

// TestExplainFromDevNullIsNoTerminal: /dev/null is a character device but
// no terminal; reading it gives "empty", without the terminal prompt.
func TestExplainFromDevNullIsNoTerminal(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var stdout, stderr strings.Builder
	if code := run([]string{"explain", "-"}, null, &stdout, &stderr); code == 0 {
		t.Errorf("exit 0 for an empty dump")
	}
	if strings.Contains(stderr.String(), "from the terminal") {
		t.Errorf("/dev/null taken for a terminal:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "empty") {
		t.Errorf("no word that the dump is empty:\n%s", stderr.String())
	}
}
