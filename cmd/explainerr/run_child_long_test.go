//go:build long

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The tests in this file build a misbehaving program (testdata/runchild)
// with the go command and run it under "explainerr run", one build and
// one process per test: they are the long suite's (go test -tags long).
// run_selfchild_test.go keeps a fast one in the default run.

// childApp copies the misbehaving child program into a module of its own
// in a temporary directory and builds it there; it returns the directory.
func childApp(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "runchild")
	for _, name := range []string{"go.mod", "main.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), runDeadline)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "build", "-o", "runchild", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the child: %v\n%s", err, out)
	}
	return dir
}

// waitForOutput waits until the child printed want on stdout.
func (p *runProcess) waitForOutput(want string) {
	p.t.Helper()
	deadline := time.Now().Add(runDeadline)
	for !strings.Contains(p.stdout.String(), want) {
		if time.Now().After(deadline) {
			p.t.Fatalf("no %q in the output:\n%s\nstderr:\n%s", want, p.stdout.String(), p.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// runChild runs "explainerr run [FLAGS] -- ./runchild MODE ARGS..." to its
// end and returns its exit code.
func runChild(t *testing.T, dir string, flags []string, mode ...string) (*runProcess, int) {
	t.Helper()
	args := append(append([]string{"run"}, flags...), "--", "./runchild")
	p := startRun(t, dir, append(args, mode...)...)
	return p, p.wait()
}

// oneReport returns the only crash report written in dir.
func oneReport(t *testing.T, dir string, p *runProcess) (report.Report, string) {
	t.Helper()
	reps, mds := crashReports(t, dir)
	if len(reps) != 1 {
		t.Fatalf("%d crash reports, want 1\nstderr:\n%s", len(reps), p.stderr.String())
	}
	if reps[0].Error.Kind != report.KindCrash {
		t.Errorf("kind %q, want %q", reps[0].Error.Kind, report.KindCrash)
	}
	if reps[0].Explanation.Text == "" {
		t.Errorf("the report has no explanation (error %q)", reps[0].Explanation.Error)
	}
	if b := reps[0].Build; b.Module != "example.com/runchild" {
		t.Errorf("build %+v: want the crashed program's module, not explainerr's", b)
	}
	return reps[0], mds[0]
}
func TestRunExplainsAPanicInAGoroutine(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "goroutine-panic")
	if code != 2 {
		t.Fatalf("exit %d, want the child's 2\nstderr:\n%s", code, p.stderr.String())
	}
	r, md := oneReport(t, dir, p)
	if got := innermostApp(t, r); got != "main.notify" {
		t.Errorf("culprit frame %s, want main.notify", got)
	}
	if r.CreatedBy == nil || r.CreatedBy.Function != "main.handle" {
		t.Errorf("created by %+v, want main.handle", r.CreatedBy)
	}
	if !strings.Contains(r.Error.Message, "index out of range") {
		t.Errorf("message %q", r.Error.Message)
	}
	if !strings.Contains(md, "created by") || !strings.Contains(md, "main.handle") {
		t.Errorf("the Markdown report does not keep created by:\n%s", md)
	}
	errOut := p.stderr.String()
	if !strings.Contains(errOut, "goroutine ") || !strings.Contains(errOut, "panic: runtime error: index out of range") {
		t.Errorf("the child's dump did not pass through:\n%s", errOut)
	}
	for _, want := range []string{
		"explainerr: crash in runchild goroutine-panic: panic: runtime error: index out of range",
		"at main.notify (main.go:",
		"in a goroutine started by main.handle (main.go:",
		"explainerr:   fix: ",
		"explainerr:   report: " + filepath.Join(".explainerr", "crashes") + string(filepath.Separator),
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the headline lacks %q:\n%s", want, errOut)
		}
	}
}

// TestRunHeadlineHasNoEscapeCodes: a panic value with terminal escape
// codes (a title change, colours) reaches the terminal only in the child's
// own output, which passes through unchanged, never in explainerr's lines.
func TestRunHeadlineHasNoEscapeCodes(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "escape-panic")
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr:\n%s", code, p.stderr.String())
	}
	var headline []string
	for _, line := range strings.Split(p.stderr.String(), "\n") {
		if strings.HasPrefix(line, "explainerr:") {
			headline = append(headline, line)
		}
	}
	text := strings.Join(headline, "\n")
	if !strings.Contains(text, "payment failed") {
		t.Fatalf("no headline for the panic:\n%s", p.stderr.String())
	}
	if strings.ContainsAny(text, "\x1b\x07") {
		t.Errorf("the headline holds escape codes: %q", text)
	}
}

func TestRunExplainsConcurrentMapWrites(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "map-writes")
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr:\n%s", code, p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	if !strings.Contains(r.Error.Message, "concurrent map writes") {
		t.Errorf("message %q", r.Error.Message)
	}
	if got := innermostApp(t, r); !strings.HasPrefix(got, "main.mapWrites") {
		t.Errorf("culprit frame %s, want the goroutine of main.mapWrites", got)
	}
	if !strings.Contains(p.stderr.String(), "explainerr: crash in runchild map-writes: fatal error: concurrent map writes") {
		t.Errorf("no headline:\n%s", p.stderr.String())
	}
}

func TestRunExplainsADeadlock(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "deadlock")
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr:\n%s", code, p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	if !strings.Contains(r.Error.Message, "all goroutines are asleep - deadlock!") {
		t.Errorf("message %q", r.Error.Message)
	}
	if got := innermostApp(t, r); got != "main.deadlock" {
		t.Errorf("culprit frame %s, want main.deadlock", got)
	}
	if !strings.Contains(p.stdout.String(), "waiting for the result\n") {
		t.Errorf("stdout did not pass through: %q", p.stdout.String())
	}
}

// TestRunExplainsACrashTheChildSurvives runs a child that, like a
// hot-reload tool, runs a server that crashes and stays alive: the report
// is written while the child still runs.
func TestRunExplainsACrashTheChildSurvives(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "survivor")
	if code != 0 || !strings.Contains(p.stdout.String(), "watcher: crash report seen while running") {
		t.Fatalf("exit %d; stdout:\n%s\nstderr:\n%s", code, p.stdout.String(), p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	if got := innermostApp(t, r); got != "main.notify" {
		t.Errorf("culprit frame %s, want main.notify", got)
	}
}

func TestRunRestartsAfterACrash(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, []string{"-restart"}, "crash-twice", filepath.Join(dir, "starts"))
	if code != 0 {
		t.Fatalf("exit %d, want 0 once the third start succeeds\nstderr:\n%s", code, p.stderr.String())
	}
	if !strings.Contains(p.stdout.String(), "start 3 ok") {
		t.Errorf("stdout %q", p.stdout.String())
	}
	if n := strings.Count(p.stderr.String(), "explainerr run: runchild crash-twice "); n != 2 {
		t.Errorf("%d restart messages, want 2:\n%s", n, p.stderr.String())
	}
	reps, _ := crashReports(t, dir)
	if len(reps) != 2 {
		t.Fatalf("%d reports, want 2", len(reps))
	}
	for i, r := range reps {
		if want := "start " + string(rune('1'+i)) + " failed"; !strings.Contains(r.Error.Message, want) {
			t.Errorf("report %d: message %q, want %q", i, r.Error.Message, want)
		}
	}
}

func TestRunForwardsSIGINT(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p := startRun(t, dir, "run", "-restart", "--", "./runchild", "sigint")
	p.waitForOutput("ready\n")
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(); code != 3 {
		t.Fatalf("exit %d, want the child's 3\nstderr:\n%s", code, p.stderr.String())
	}
	if !strings.Contains(p.stdout.String(), "interrupted: stopping cleanly") {
		t.Errorf("the child did not stop cleanly: %q", p.stdout.String())
	}
	if strings.Contains(p.stderr.String(), "starting it again") {
		t.Errorf("a child stopped on request was restarted:\n%s", p.stderr.String())
	}
	if reps, _ := crashReports(t, dir); len(reps) != 0 {
		t.Errorf("%d crash reports for a clean stop", len(reps))
	}
}

func TestRunExplainsAHangOnRequest(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p := startRun(t, dir, "run", "--", "./runchild", "hang")
	p.waitForOutput("ready\n")
	if err := p.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(); code != 2 {
		t.Fatalf("exit %d, want 2 (a Go program exits 2 after a SIGQUIT dump)\nstderr:\n%s", code, p.stderr.String())
	}
	r, md := oneReport(t, dir, p)
	data, _ := json.Marshal(r.Frames)
	gs, _ := json.Marshal(r.Goroutines)
	if !strings.Contains(string(data)+string(gs), "main.stuck") {
		t.Errorf("the blocked goroutine main.stuck is not in the report:\n%s", md)
	}
	if !strings.Contains(p.stderr.String(), "explainerr: hang (goroutine dump on request) in runchild hang") {
		t.Errorf("no hang headline:\n%s", p.stderr.String())
	}
}

func TestRunReportsSIGKILL(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "sigkill")
	if code != 128+int(syscall.SIGKILL) {
		t.Fatalf("exit %d, want %d\nstderr:\n%s", code, 128+int(syscall.SIGKILL), p.stderr.String())
	}
	reps, mds := crashReports(t, dir)
	if len(reps) != 1 {
		t.Fatalf("%d reports, want 1\nstderr:\n%s", len(reps), p.stderr.String())
	}
	r := reps[0]
	if r.Error.Type != "SIGKILL" || !strings.Contains(r.Error.Message, "out-of-memory killer") {
		t.Errorf("error %+v", r.Error)
	}
	if len(r.Logs) != ringLines || !r.LogsCut || r.Logs[len(r.Logs)-1].Text != "allocating batch 80" || r.Logs[0].Text != "allocating batch 31" {
		t.Errorf("last output: %d lines (cut %v), %+v", len(r.Logs), r.LogsCut, r.Logs)
	}
	if !strings.Contains(mds[0], "allocating batch 80") {
		t.Errorf("the Markdown report lacks the last output:\n%s", mds[0])
	}
	if !strings.Contains(p.stderr.String(), "explainerr: killed by SIGKILL in runchild sigkill") {
		t.Errorf("no headline:\n%s", p.stderr.String())
	}
}
func TestRunExitZeroWritesNoReport(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "exit0")
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, p.stderr.String())
	}
	if p.stderr.String() != "a log line that says panic: but is not a crash\n" || p.stdout.String() != "all good\n" {
		t.Errorf("output changed: stdout %q, stderr %q", p.stdout.String(), p.stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, ".explainerr")); !os.IsNotExist(err) {
		t.Errorf(".explainerr was created for a clean exit (%v)", err)
	}
}

// TestRunPassesOutputThroughByteForByte checks that output with no crash
// in it reaches run's own output unchanged.
func TestRunPassesOutputThroughByteForByte(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "bytes")
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, p.stderr.String())
	}
	direct := exec.Command(filepath.Join(dir, "runchild"), "bytes")
	var out, errOut bytes.Buffer
	direct.Stdout, direct.Stderr = &out, &errOut
	if err := direct.Run(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.stdout.Bytes(), out.Bytes()) {
		t.Errorf("stdout differs: %d bytes through run, %d direct", len(p.stdout.Bytes()), out.Len())
	}
	if !bytes.Equal(p.stderr.Bytes(), errOut.Bytes()) {
		t.Errorf("stderr differs: %q through run, %q direct", p.stderr.String(), errOut.String())
	}
}

// TestRunHalfDump checks that a dump cut off by the child's exit is
// explained from what it holds.
func TestRunHalfDump(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "half-dump")
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstderr:\n%s", code, p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	if !strings.Contains(r.Error.Message, "half of a dump") || len(r.Frames) == 0 || r.Frames[0].Function != "main.main" {
		t.Errorf("error %+v, frames %+v", r.Error, r.Frames)
	}
}

// TestRunFloodedDump checks that a dump far larger than what is read
// passes through whole and is explained from its beginning.
func TestRunFloodedDump(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "flood")
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if n := strings.Count(p.stderr.String(), "\ngoroutine "); n < 119998 {
		t.Errorf("%d goroutines passed through, want them all", n)
	}
	r, _ := oneReport(t, dir, p)
	if r.Error.Message != "panic: flood" && !strings.HasPrefix(r.Error.Message, "flood") {
		t.Errorf("message %q", r.Error.Message)
	}
	if !strings.Contains(strings.Join(r.Notices, "\n"), "only its beginning was read") {
		t.Errorf("no notice that the dump was cut: %q", r.Notices)
	}
}
