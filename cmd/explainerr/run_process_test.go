package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/lockedbuf"
)

// runMainEnv makes the test binary act as the explainerr command, so that
// tests run "explainerr run" as a process of its own and send it signals.
const runMainEnv = "EXPLAINERR_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		if len(os.Args) == 2 && os.Args[1] == crashingChildArg {
			crashInAGoroutine()
		}
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// runDeadline is a generous bound that only catches a hang.
const runDeadline = 3 * time.Minute

// syncBuffer is safe for concurrent writes and reads.
type syncBuffer = lockedbuf.Buffer

// runProcess is "explainerr run" running as a process.
type runProcess struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdout syncBuffer
	stderr syncBuffer
	cancel context.CancelFunc
}

// startRun starts "explainerr ARGS..." in dir, with no model configured.
func startRun(t *testing.T, dir string, args ...string) *runProcess {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runDeadline)
	p := &runProcess{t: t, cancel: cancel}
	p.cmd = exec.CommandContext(ctx, os.Args[0], args...)
	p.cmd.Dir = dir
	p.cmd.Env = append(os.Environ(), runMainEnv+"=1",
		"OPENAI_API_KEY=", "OPENAI_BASE_URL=", "EXPLAINERR_PROVIDER=offline", "EXPLAINERR_RAG=off", "EXPLAINERR_INDEX=")
	p.cmd.Stdout = &p.stdout
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		p.cmd.Wait()
	})
	return p
}

// wait waits for the process and returns its exit code.
func (p *runProcess) wait() int {
	p.t.Helper()
	err := p.cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	default:
		p.t.Fatalf("explainerr run did not exit by itself: %v\nstdout:\n%s\nstderr:\n%s", err, p.stdout.String(), p.stderr.String())
		return -1
	}
}

var crashFileName = regexp.MustCompile(`^\d{8}T\d{6}Z-\d+\.json$`)

// crashReports reads the JSON crash reports written in dir, oldest
// first, and checks that each has its Markdown twin.
func crashReports(t *testing.T, dir string) ([]report.Report, []string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, ".explainerr", "crashes", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var reps []report.Report
	var mds []string
	for _, p := range paths {
		if !crashFileName.MatchString(filepath.Base(p)) {
			t.Errorf("report file %s is not named <UTC time>-<n>.json", filepath.Base(p))
		}
		var r report.Report
		if err := json.Unmarshal([]byte(mustRead(t, p)), &r); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		reps = append(reps, r)
		mds = append(mds, mustRead(t, strings.TrimSuffix(p, ".json")+".md"))
		for _, f := range []string{p, strings.TrimSuffix(p, ".json") + ".md", filepath.Dir(p)} {
			assertPrivate(t, f)
		}
	}
	return reps, mds
}

// assertPrivate checks that a file or directory explainerr wrote (they
// hold the app's source and requests) is its owner's only.
func assertPrivate(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("%s has mode %v: others may read it", path, fi.Mode().Perm())
	}
}
func innermostApp(t *testing.T, r report.Report) string {
	t.Helper()
	f := r.InnermostApp()
	if f == nil {
		t.Fatalf("no app frame in %+v", r.Frames)
	}
	return f.Function
}
func TestRunCommandNotFound(t *testing.T) {
	noModelEnv(t)
	code, _, errOut := runCLI(t, "", "run", "--", "no-such-command-for-explainerr")
	if code != exitNotFound || !strings.Contains(errOut, "no-such-command-for-explainerr: command not found") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "run", "--", "./testdata/runchild/main.go")
	if code != exitNotExecutable || !strings.Contains(errOut, "permission denied") {
		t.Errorf("a file that is not executable: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "run")
	if code != 2 || !strings.Contains(errOut, "no command given") {
		t.Errorf("no command: exit %d, stderr %q", code, errOut)
	}
}
