//go:build long

package stack

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The crasher, built with the go command and run, for the long suite (go
// test -tags long): its dumps are real, at the cost of a build.

// crasherDir is the test program that crashes on purpose.
func crasherDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "crasher"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// goCommand runs the go tool in dir for the crasher module, isolated from
// the enclosing module and any workspace.
func goCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
	return cmd
}

// crash builds the crasher and runs it in mode with parked goroutines,
// returning what it wrote to stderr.
func crash(t *testing.T, mode string, parked int) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin := filepath.Join(t.TempDir(), "crasher")
	if out, err := goCommand(ctx, crasherDir(t), "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the crasher: %v\n%s", err, out)
	}
	cmd := exec.CommandContext(ctx, bin, mode, fmt.Sprint(parked))
	cmd.Env = append(os.Environ(), "GOTRACEBACK=all")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("the crasher should exit 2 with a panic, got %v\n%s", err, stderr.Bytes())
	}
	return stderr.Bytes()
}

func TestParseDumpGeneratedCrash(t *testing.T) {
	root := crasherDir(t)
	c := NewClassifier("example.com/crasher")
	opts := DumpOptions{ModuleRoots: []string{root}}
	t.Run("index", func(t *testing.T) {
		out := crash(t, "index", 300)
		d, err := ParseDumpWith(bytes.NewReader(out), c, opts)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if d.Goroutines != 302 || d.Ambiguous || d.Type != "runtime.boundsError" {
			t.Errorf("%d goroutines, ambiguous %v, type %q; want 302, false, runtime.boundsError", d.Goroutines, d.Ambiguous, d.Type)
		}
		want := []string{"example.com/crasher/shop.(*Cart).Cheapest.func1", "example.com/crasher/shop.(*Cart).Cheapest", "main.serve", "main.main.func1"}
		if got := appFunctions(d.Frames); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("app frames %q, want %q\n%s", got, want, out[:min(len(out), 3000)])
		}
		if d.Frames[0].File != filepath.Join(root, "shop", "shop.go") {
			t.Errorf("innermost frame in %s", d.Frames[0].File)
		}
		checkFormatKeepsApps(t, d, promptBudget)
	})
	t.Run("recurse", func(t *testing.T) {
		out := crash(t, "recurse", 300)
		d, err := ParseDumpWith(bytes.NewReader(out), c, opts)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !d.Elided || d.Goroutines != 302 {
			t.Errorf("Elided %v, %d goroutines; want elided frames and 302 goroutines", d.Elided, d.Goroutines)
		}
		got := appFunctions(d.Frames)
		if len(got) < 90 || got[0] != "example.com/crasher/shop.(*Cart).Discount" || got[len(got)-1] != "main.main.func1" {
			t.Fatalf("%d app frames, first %q, last %q", len(got), got[0], got[len(got)-1])
		}
		checkFormatKeepsApps(t, d, promptBudget)
	})
	t.Run("go test", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		out, err := goCommand(ctx, root, "test", "-count=1", "-run", "TestCheapest", "./shop").CombinedOutput()
		if err == nil {
			t.Fatalf("the crasher's test should fail:\n%s", out)
		}
		d, err := ParseDumpWith(bytes.NewReader(out), c, opts)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		want := []string{"example.com/crasher/shop.(*Cart).Cheapest.func1", "example.com/crasher/shop.(*Cart).Cheapest", "example.com/crasher/shop.TestCheapest"}
		if got := appFunctions(d.Frames); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("app frames %q, want %q\n%s", got, want, out)
		}
		if !strings.HasPrefix(d.Message, "panic: runtime error: index out of range [4] with length 4") || strings.Count(d.Message, "index out of range") != 1 {
			t.Errorf("Message = %q", d.Message)
		}
	})
}
