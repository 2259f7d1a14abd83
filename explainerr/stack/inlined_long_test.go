//go:build long

package stack_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// inlinedAppReport copies testdata/inlinedapp into a temporary module that
// uses this checkout of explainerr, runs it (with extra go run flags) and
// returns the JSON report of the failing request it served.
func inlinedAppReport(t *testing.T, flags ...string) report.Report {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "inlinedapp", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/inlinedapp\n\ngo 1.22\n\nrequire (\n\tgithub.com/explainerr/explainerr v0.0.0\n\tgithub.com/go-chi/chi/v5 v5.5.0\n)\n\nreplace github.com/explainerr/explainerr => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"main.go": src, "go.mod": []byte(gomod), "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append(append([]string{"run"}, flags...), ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off",
		"OPENAI_API_KEY=", "OPENAI_BASE_URL=", "EXPLAINERR_PROVIDER=offline", "EXPLAINERR_RAG=off", "EXPLAINERR_CONTEXT=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("running the app: %v\n%s", err, stderr.Bytes())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, stdout.Bytes())
	}
	return r
}

// TestInlinedClosuresKeepTheirOwner runs an app in package main that wraps
// its handler in chi's Timeout and explainerr's middleware right in
// main.main, so that the compiler names both closures after main.main.
// Their files tell who wrote them: explainerr's frame is hidden machinery,
// chi's a dependency, and the app's handler the only app code. (A
// -trimpath build names the same files "module@version/..."; TestKindByFile
// covers those names without rebuilding the standard library.)
func TestInlinedClosuresKeepTheirOwner(t *testing.T) {
	for _, mode := range []struct {
		name  string
		flags []string
	}{{"paths", nil}} {
		t.Run(mode.name, func(t *testing.T) {
			r := inlinedAppReport(t, mode.flags...)
			var apps []string
			sawSelf, sawTimeout := false, false
			for _, f := range r.Frames {
				switch {
				case strings.Contains(f.File, "explainerr/middleware.go"):
					sawSelf = true
					if f.Kind != report.FrameRuntime {
						t.Errorf("explainerr's own frame %s (%s) is %s, want runtime", f.Function, f.File, f.Kind)
					}
				case strings.HasSuffix(f.File, "middleware/timeout.go"):
					sawTimeout = true
					if f.Kind != report.FrameDependency {
						t.Errorf("chi's Timeout frame %s (%s) is %s, want dependency", f.Function, f.File, f.Kind)
					}
				}
				if f.Kind == report.FrameApp {
					apps = append(apps, f.Function)
				}
			}
			if !sawSelf || !sawTimeout {
				t.Fatalf("the stack lacks explainerr's (%v) or chi's (%v) frame: %+v", sawSelf, sawTimeout, r.Frames)
			}
			if strings.Join(apps, ",") != "main.(*inventory).add,main.handler" {
				t.Errorf("app frames %v, want the app's add and handler only", apps)
			}
			if len(r.Frames) == 0 || r.Frames[0].Kind == report.FrameApp && !strings.Contains(r.Frames[0].Function, "add") {
				t.Errorf("innermost frame %+v", r.Frames[0])
			}
		})
	}
}
