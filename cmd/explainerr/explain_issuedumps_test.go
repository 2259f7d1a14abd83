package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/crashdumps"
)

// traceAppFrames returns the functions of the trace's frames marked as the
// app's, in order, leaving out "created by" lines.
func traceAppFrames(trace string) []string {
	var apps []string
	for _, l := range strings.Split(trace, "\n") {
		if strings.HasPrefix(l, "created by ") {
			continue
		}
		if fn, ok := strings.CutSuffix(l, "  [app]"); ok {
			apps = append(apps, fn)
		}
	}
	return apps
}

// startsWithHeader reports whether first, the trace's first line, is
// header followed by nothing but other lines of a crash header ("[signal
// …]", "runtime: …", a test timeout's "running tests:") and the type
// guessed.
func startsWithHeader(first, header string) bool {
	rest, ok := strings.CutPrefix(first, header)
	if !ok {
		return false
	}
	for _, p := range []string{"", " [", " runtime: ", " panic: ", " fatal error: ", " running tests: "} {
		if rest == p || p != "" && strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// TestExplainPrintPromptIssueDumps explains the dumps pasted in GitHub
// issues that package stack keeps in testdata/issuedumps, and checks the
// prompt against their labels: the failing goroutine named on stderr, the
// header the trace starts with, the app frames in order and the culprit
// (the first of them).
func TestExplainPrintPromptIssueDumps(t *testing.T) {
	noModelEnv(t)
	dir := filepath.Join(repoRoot(t), "explainerr", "stack", "testdata", "issuedumps")
	for _, d := range crashdumps.LoadDir(t, dir) {
		t.Run(d.File, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", d.AppModule, filepath.Join(dir, d.File))
			if code != 0 {
				t.Fatalf("exit %d\nstderr: %s", code, errOut)
			}
			_, _, trace := splitPrompt(t, out)
			if d.FailingGoroutine != nil && !strings.Contains(errOut, fmt.Sprintf("goroutine %d [", *d.FailingGoroutine)) {
				t.Errorf("stderr does not name goroutine %d as the failing one: %s", *d.FailingGoroutine, errOut)
			}
			if first, _, _ := strings.Cut(trace, "\n"); d.Header != "" && !startsWithHeader(first, d.Header) {
				t.Errorf("the trace does not start with the header %q, followed only by other header lines:\n%s", d.Header, trace)
			}
			apps := traceAppFrames(trace)
			if !slices.Equal(apps, d.AppFrames) && len(apps)+len(d.AppFrames) > 0 {
				t.Errorf("app frames of the trace:\n got %q\nwant %q\n%s", apps, d.AppFrames, trace)
			}
			if d.CulpritFunction != "" && (len(apps) == 0 || apps[0] != d.CulpritFunction) {
				t.Errorf("the first app frame of the trace is not %s:\n%s", d.CulpritFunction, trace)
			}
			if d.Warning != "" && !strings.Contains(errOut, d.Warning) {
				t.Errorf("stderr lacks the warning %q: %s", d.Warning, errOut)
			}
		})
	}
}
