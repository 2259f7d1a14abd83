//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunExplainsACrashingCommand is the fast test of "explainerr run":
// the test binary plays both explainerr (runMainEnv) and the crashing
// command (crashingChildArg), so that nothing is built. The command's
// output passes through, its exit code is run's, and one private report
// names the goroutine's culprit frame and who started it. The long suite
// (go test -tags long) runs a real program's crashes of every kind.
func TestRunExplainsACrashingCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// The directory has no go.mod: -module names the app's module.
	p := startRun(t, dir, "run", "-module", "github.com/explainerr/explainerr/cmd/explainerr", "--", os.Args[0], crashingChildArg)
	if code := p.wait(); code != 2 {
		t.Fatalf("exit %d, want the command's 2\nstderr:\n%s", code, p.stderr.String())
	}
	if !strings.Contains(p.stdout.String(), "serving\n") {
		t.Errorf("the command's stdout did not pass through: %q", p.stdout.String())
	}
	errOut := p.stderr.String()
	for _, want := range []string{
		"a log line before the crash\n",
		"panic: runtime error: index out of range [1] with length 1",
		"goroutine ",
		"explainerr: crash in ",
		"explainerr:   report: " + filepath.Join(".explainerr", "crashes") + string(filepath.Separator),
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	reps, mds := crashReports(t, dir)
	if len(reps) != 1 {
		t.Fatalf("%d crash reports, want 1\nstderr:\n%s", len(reps), errOut)
	}
	r := reps[0]
	if !strings.Contains(r.Error.Message, "index out of range") {
		t.Errorf("message %q", r.Error.Message)
	}
	if got := innermostApp(t, r); !strings.HasSuffix(got, ".notifySubscribers") {
		t.Errorf("culprit frame %s, want notifySubscribers", got)
	}
	if r.CreatedBy == nil || !strings.HasSuffix(r.CreatedBy.Function, ".startNotifier") {
		t.Errorf("created by %+v, want startNotifier", r.CreatedBy)
	}
	if r.Explanation.Text == "" || !strings.Contains(mds[0], "index out of range") {
		t.Errorf("the report has no explanation (error %q), or its Markdown lacks the error", r.Explanation.Error)
	}
}
