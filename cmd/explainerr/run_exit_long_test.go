//go:build long && (linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// lineOf returns the 1-based number of the first line of file holding s.
func lineOf(t *testing.T, file, s string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("no %q in %s", s, file)
	return 0
}

// TestRunReportsALogFatalExit: a server that gives up with log.Fatal
// prints no dump; run reports the exit with the log line as the message,
// the line's file:line as the app frame and the last output.
func TestRunReportsALogFatalExit(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "log-fatal")
	if code != 1 {
		t.Fatalf("exit %d, want the child's 1\nstderr:\n%s", code, p.stderr.String())
	}
	r, md := oneReport(t, dir, p)
	if r.Error.Type != "exit status 1" || r.Error.Message != "open tasks.db: permission denied" {
		t.Errorf("error %+v, want exit status 1 with the log.Fatal message", r.Error)
	}
	wantLine := lineOf(t, filepath.Join(dir, "main.go"), `log.Fatalf("open %s`)
	f := r.InnermostApp()
	if f == nil || f.Function != "main.openStore" || filepath.Base(f.File) != "main.go" || f.Line != wantLine {
		t.Fatalf("app frame %+v, want main.openStore at main.go:%d", f, wantLine)
	}
	if f.Source == nil || !strings.Contains(f.Source.LineText(), "log.Fatalf") {
		t.Errorf("the frame has no source of the log.Fatalf line: %+v", f.Source)
	}
	var logs []string
	for _, l := range r.Logs {
		logs = append(logs, l.Text)
	}
	if len(logs) != 2 || !strings.HasSuffix(logs[0], "main.go:"+strconv.Itoa(wantLine-1)+": opening tasks.db") {
		t.Errorf("last output %q, want the child's two log lines", logs)
	}
	if !strings.Contains(md, "opening tasks.db") {
		t.Errorf("the Markdown report lacks the last output:\n%s", md)
	}
	errOut := p.stderr.String()
	for _, want := range []string{
		"explainerr: exit status 1 in runchild log-fatal: open tasks.db: permission denied\n",
		"explainerr:   at main.openStore (main.go:" + strconv.Itoa(wantLine) + ")\n",
		"explainerr:   report: " + filepath.Join(".explainerr", "crashes") + string(filepath.Separator),
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the headline lacks %q:\n%s", want, errOut)
		}
	}
}

// TestRunReportsAQuietNonZeroExit: a command that exits non-zero with no
// output at all is still reported.
func TestRunReportsAQuietNonZeroExit(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "exit-quiet")
	if code != 3 {
		t.Fatalf("exit %d, want 3\nstderr:\n%s", code, p.stderr.String())
	}
	r, _ := oneReport(t, dir, p)
	if r.Error.Type != "exit status 3" || r.Error.Message != "exit status 3 with no crash dump and no output" {
		t.Errorf("error %+v", r.Error)
	}
	if !strings.Contains(p.stderr.String(), "explainerr: exit status 3 in runchild exit-quiet") {
		t.Errorf("no headline:\n%s", p.stderr.String())
	}
}

// TestRunStoppedCommandIsNoFailure: a command a stop signal ended (itself,
// or, as go run says, its program) leaves no report.
func TestRunStoppedCommandIsNoFailure(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	for _, tc := range []struct {
		mode string
		code int
	}{
		{"self-sigterm", 128 + int(syscall.SIGTERM)},
		{"go-run-interrupted", 1},
	} {
		p, code := runChild(t, dir, nil, tc.mode)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d", tc.mode, code, tc.code)
		}
		if strings.Contains(p.stderr.String(), "explainerr:") {
			t.Errorf("%s: run reported a stopped command:\n%s", tc.mode, p.stderr.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".explainerr")); !os.IsNotExist(err) {
		t.Errorf(".explainerr was created for a stopped command (%v)", err)
	}
}
