//go:build long

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/prompt"
)

// crasherDir is the program that crashes on purpose, shared with package
// stack's tests.
func crasherDir(t *testing.T) string {
	return filepath.Join(repoRoot(t), "explainerr", "stack", "testdata", "crasher")
}

// crashDump builds the crasher and runs it with 300 parked goroutines; it
// returns the crash output.
func crashDump(t *testing.T, mode string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin := filepath.Join(t.TempDir(), "crasher")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	build.Dir = crasherDir(t)
	build.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the crasher: %v\n%s", err, out)
	}
	cmd := exec.CommandContext(ctx, bin, mode, "300")
	cmd.Env = append(os.Environ(), "GOTRACEBACK=all")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var exit *exec.ExitError
	if err := cmd.Run(); !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("the crasher should panic and exit 2, got %v\n%s", err, stderr.Bytes())
	}
	if n := bytes.Count(stderr.Bytes(), []byte("\ngoroutine ")); n < 300 {
		t.Fatalf("the dump has %d goroutines, want more than 300", n)
	}
	return stderr.Bytes()
}

func TestExplainPrintPromptGeneratedDump(t *testing.T) {
	noModelEnv(t)
	dir := crasherDir(t)
	for _, mode := range []string{"index", "recurse"} {
		t.Run(mode, func(t *testing.T) {
			dump := crashDump(t, mode)
			file := filepath.Join(t.TempDir(), "crash.txt")
			if err := os.WriteFile(file, dump, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir) // the crasher's module: its files are local
			var apps []string
			switch mode {
			case "index":
				apps = []string{"example.com/crasher/shop.(*Cart).Cheapest.func1", "example.com/crasher/shop.(*Cart).Cheapest", "main.serve", "main.main.func1"}
			case "recurse":
				apps = []string{"example.com/crasher/shop.(*Cart).Discount", "main.serve", "main.main.func1"}
			}
			for _, args := range [][]string{
				{"explain", "-print-prompt", "-module", "example.com/crasher", file},
				{"explain", "-print-prompt", file}, // the module of the current directory
				{"explain", "-print-prompt", "-module", "example.com/crasher", "-"},
			} {
				stdin := ""
				if args[len(args)-1] == "-" {
					stdin = string(dump)
				}
				code, out, errOut := runCLI(t, stdin, args...)
				if code != 0 {
					t.Fatalf("%q: exit %d: %s", args, code, errOut)
				}
				_, user, trace := splitPrompt(t, out)
				checkTrace(t, trace, apps, prompt.DefaultTraceBudget)
				if !strings.Contains(errOut, "(302 goroutines in the dump)") {
					t.Errorf("%q: stderr does not count 302 goroutines: %s", args, errOut)
				}
				// The app's source is on this machine: the failing line is shown.
				wantLine := "return items[i].Price < items[j+len(items)].Price"
				if mode == "recurse" {
					wantLine = "return c.Items[level].Price"
				}
				if !strings.Contains(trace, "> "+wantLine) {
					t.Errorf("%q: the trace does not show the failing line %q:\n%s", args, wantLine, trace)
				}
				// The app source section may quote park, which starts
				// them; the trace and goroutine sections must not.
				if before, _, _ := strings.Cut(user, "## App source"); strings.Contains(before, "Restock") {
					t.Errorf("%q: a parked goroutine leaked into the prompt", args)
				}
			}
		})
	}
}
