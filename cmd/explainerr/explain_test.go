package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/internal/crashdumps"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/gomodule"
)

// runCLI runs the command with args and stdin, returning its exit code
// and outputs.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// noModelEnv makes sure no test reaches a real model server.
func noModelEnv(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("EXPLAINERR_PROVIDER", "offline")
	t.Setenv("EXPLAINERR_RAG", "off")
	t.Setenv("EXPLAINERR_INDEX", "")
}

// repoRoot is the root of the module the tests run in.
func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	_, root := gomodule.At(wd)
	if root == "" {
		t.Fatal("no go.mod above the test's directory")
	}
	return root
}

type labelledDump = crashdumps.Dump

// realDumps returns the directory of the real crash dumps beside the
// repository and their labels.
func realDumps(t *testing.T) (string, []labelledDump) {
	t.Helper()
	dir, dumps := crashdumps.Load(t)
	if len(dumps) != 10 {
		t.Fatalf("%d labelled dumps, want 10", len(dumps))
	}
	return dir, dumps
}

// splitPrompt splits -print-prompt output into the system message, the
// user message, and the trace section of the user message.
func splitPrompt(t *testing.T, out string) (system, user, trace string) {
	t.Helper()
	system, user, ok := strings.Cut(out, "\n"+promptSeparator+"\n")
	if !ok || strings.TrimSpace(system) == "" || strings.TrimSpace(user) == "" {
		t.Fatalf("output is not a system message, the separator and a user message:\n%s", out)
	}
	_, rest, ok := strings.Cut(user, "## Error and trace")
	if !ok {
		t.Fatalf("no trace section in the user message:\n%s", user)
	}
	_, rest, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatalf("trace section without a code block:\n%s", user)
	}
	trace, _, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatalf("unterminated trace block:\n%s", user)
	}
	return system, user, trace
}

// checkTrace asserts that trace holds every function of apps marked as an
// app frame and fits the budget.
func checkTrace(t *testing.T, trace string, apps []string, budget int) {
	t.Helper()
	if len(trace) > budget {
		t.Errorf("trace section is %d characters, budget %d", len(trace), budget)
	}
	seen := map[string]bool{}
	for _, fn := range apps {
		if seen[fn] {
			continue
		}
		seen[fn] = true
		if !strings.Contains(trace, fn+"  [app]") {
			t.Errorf("trace lacks app frame %s:\n%s", fn, trace)
		}
	}
	if strings.Contains(trace, "outer app frames dropped") {
		t.Errorf("app frames were dropped:\n%s", trace)
	}
}

func TestExplainPrintPromptRealDumps(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	for _, d := range dumps {
		t.Run(d.File, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", d.AppModule, filepath.Join(dir, d.File))
			if code != 0 {
				t.Fatalf("exit %d\nstderr: %s", code, errOut)
			}
			system, user, trace := splitPrompt(t, out)
			if !strings.Contains(system, "Go") {
				t.Errorf("system message: %q", system)
			}
			checkTrace(t, trace, d.AppFrames, prompt.DefaultTraceBudget)
			// The culprit is the first app frame of the trace.
			first := strings.Index(trace, "  [app]")
			if first < 0 || !strings.HasSuffix(trace[:first], d.CulpritFunction) {
				t.Errorf("the first app frame of the trace is not %s:\n%s", d.CulpritFunction, trace)
			}
			if strings.HasPrefix(d.File, "04_") {
				if !strings.Contains(errOut, "does not say which goroutine failed") {
					t.Errorf("no ambiguity notice on stderr: %s", errOut)
				}
				if !strings.Contains(user, "goroutine dump with no panic or fatal error") {
					t.Errorf("the prompt does not say the dump has no crash header:\n%s", user)
				}
			} else if !strings.Contains(trace, "panic: ") && !strings.Contains(trace, "fatal error: ") {
				t.Errorf("the trace does not start from the crash message:\n%s", trace)
			}
			if !strings.Contains(errOut, "goroutine ") {
				t.Errorf("no summary on stderr: %q", errOut)
			}
		})
	}
}

func TestExplainPrintPromptSmallBudget(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[6] // 07: two app frames inside six net/http frames
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-budget", "600", "-module", d.AppModule, filepath.Join(dir, d.File))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, _, trace := splitPrompt(t, out)
	checkTrace(t, trace, d.AppFrames, 600)
	if !strings.Contains(trace, "library frames omitted") {
		t.Errorf("want library frames left out to fit 600 characters:\n%s", trace)
	}
}

func TestExplainBadInput(t *testing.T) {
	noModelEnv(t)
	tmp := t.TempDir()
	garbage := make([]byte, 8192)
	for i := range garbage {
		garbage[i] = byte(i*131 + i/7)
	}
	files := map[string][]byte{
		"empty.txt":   nil,
		"garbage.bin": garbage,
		"notes.txt":   []byte("panic: this is a note about a panic\nbut there is no goroutine here\n"),
	}
	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(tmp, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/app", path)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if out != "" {
				t.Errorf("stdout should be empty, got %q", out)
			}
			if !strings.HasPrefix(errOut, "explainerr explain: "+path+": ") ||
				!(strings.Contains(errOut, "empty") || strings.Contains(errOut, "no goroutine stack found")) {
				t.Errorf("unclear error: %q", errOut)
			}
		})
	}
	t.Run("stdin", func(t *testing.T) {
		code, _, errOut := runCLI(t, "hello\n", "explain", "-print-prompt", "-module", "example.com/app")
		if code != 1 || !strings.Contains(errOut, "no goroutine stack found") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		code, _, errOut := runCLI(t, "", "explain", "-print-prompt", filepath.Join(tmp, "nope.txt"))
		if code != 1 || !strings.Contains(errOut, "no such file") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("directory", func(t *testing.T) {
		code, _, errOut := runCLI(t, "", "explain", "-print-prompt", tmp)
		if code != 1 || !strings.Contains(errOut, "is a directory") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("usage", func(t *testing.T) {
		for _, args := range [][]string{
			{"explain", "a.txt", "b.txt"},
			{"explain", "-budget", "0", "a.txt"},
			{"explain", "-no-such-flag"},
		} {
			if code, _, errOut := runCLI(t, "", args...); code != 2 || !strings.Contains(errOut, "explain") {
				t.Errorf("%q: exit %d, stderr %q; want 2 and a usage message", args, code, errOut)
			}
		}
	})
}

// TestExplainStreamsFromModel explains a dump with an OpenAI-compatible
// model (a fake server): the prompt sent is exactly the one -print-prompt
// shows, the answer streams to stdout, and a footer follows.
func TestExplainStreamsFromModel(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[6] // 07: an HTTP handler indexing out of range
	file := filepath.Join(dir, d.File)

	srv := fakeopenai.New(fakeopenai.Reply("The handler httpPrio reads past the end of a slice.\nCheck the index first.").WithPieces(4, 0).WithUsage(900, 40))
	defer srv.Close()
	t.Setenv("EXPLAINERR_PROVIDER", "openai")
	t.Setenv("OPENAI_BASE_URL", srv.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	t.Setenv("EXPLAINERR_MODEL", "test-model")

	code, printed, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", d.AppModule, file)
	if code != 0 {
		t.Fatalf("-print-prompt: exit %d: %s", code, errOut)
	}
	if srv.Calls() != 0 {
		t.Fatalf("-print-prompt called the model %d times", srv.Calls())
	}
	system, user, _ := splitPrompt(t, printed)

	code, out, errOut := runCLI(t, "", "explain", "-module", d.AppModule, file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d model calls, want 1", len(reqs))
	}
	if got, _ := reqs[0].Message("system"); got != system {
		t.Errorf("system message sent differs from the printed one:\nsent: %q\nprinted: %q", got, system)
	}
	if got, _ := reqs[0].Message("user"); got != user {
		t.Errorf("user message sent differs from the printed one:\nsent: %q\nprinted: %q", got, user)
	}
	if !strings.HasPrefix(out, "The handler httpPrio reads past the end of a slice.\nCheck the index first.\n") {
		t.Errorf("stdout does not start with the explanation: %q", out)
	}
	if !strings.Contains(out, "\n-- explained by openai/test-model · mode static") || !strings.Contains(out, "900+40 tokens") {
		t.Errorf("no footer naming the model and tokens: %q", out)
	}
}

func TestExplainModelFailure(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[4]
	srv := fakeopenai.New(fakeopenai.Status(400, "model not found"))
	defer srv.Close()
	t.Setenv("EXPLAINERR_PROVIDER", "openai")
	t.Setenv("OPENAI_BASE_URL", srv.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	code, _, errOut := runCLI(t, "", "explain", "-module", d.AppModule, filepath.Join(dir, d.File))
	if code != 1 || !strings.Contains(errOut, "no complete explanation") {
		t.Errorf("exit %d, stderr %q; want 1 and the model's failure", code, errOut)
	}
}

func TestExplainOffline(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[1]
	code, out, errOut := runCLI(t, "", "explain", "-module", d.AppModule, filepath.Join(dir, d.File))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\n-- explained by offline") {
		t.Errorf("no offline footer: %q", out)
	}
	if body, _, _ := strings.Cut(out, "\n-- explained by"); strings.TrimSpace(body) == "" {
		t.Errorf("empty explanation: %q", out)
	}
}

func TestLocalFile(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "lib", "conn"), 0o755); err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(root, "lib", "conn", "service.go")
	if err := os.WriteFile(local, []byte("package conn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mods := []string{"github.com/acme/app"}
	tests := map[string]string{
		"/Users/jb/dev/github.com/acme/app/lib/conn/service.go": local, // another machine, module path in the path
		"github.com/acme/app/lib/conn/service.go":               local, // -trimpath
		"lib/conn/service.go":                                   local, // relative to the module root
		"/build/checkout/lib/conn/service.go":                   local, // a CI checkout: tail match
		"/build/checkout/lib/conn/other.go":                     "/build/checkout/lib/conn/other.go",
		local:                                                   local,
	}
	for in, want := range tests {
		if got := localFile(in, mods, root); got != want {
			t.Errorf("localFile(%q) = %q, want %q", in, got, want)
		}
	}
	if got := localFile("lib/conn/service.go", mods, ""); got != "lib/conn/service.go" {
		t.Errorf("without a root the path must stay as it is, got %q", got)
	}
}

func TestExplainSeveralModules(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[6] // 07: the app is a main package under github.com/google/syzkaller
	code, out, errOut := runCLI(t, "", "explain", "-print-prompt", "-module", "example.com/other, "+d.AppModule, filepath.Join(dir, d.File))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, _, trace := splitPrompt(t, out)
	checkTrace(t, trace, d.AppFrames, prompt.DefaultTraceBudget)
}
