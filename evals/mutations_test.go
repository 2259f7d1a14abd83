package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// These tests break the product on purpose and require the evaluation to
// fail the run: a gate that passes a broken product is no gate. Each
// mutation is compiled into a copy of the evaluation with "go build
// -overlay" (the working tree is never touched) and switched on by an
// environment variable, so one build serves them all.

// mutationEnv names the mutation a mutated build applies.
const mutationEnv = "EXPLAINERR_EVAL_MUTATION"

// mutation rewrites one product file: after the line holding anchor it
// inserts code, which runs when the mutation named by mutationEnv is on.
type mutation struct {
	file, anchor, code string
}

var mutations = []mutation{
	// Retrieval always errors: every rag row falls back, so no rag row can
	// be measured.
	{"index/retriever.go", "func (r *Retriever) Retrieve(ctx context.Context, rep *report.Report) ([]report.Chunk, error) {",
		`if evalsMutationUnderTest == "retrieve-error" { return nil, fmt.Errorf("mutation: retrieval fails") }`},
	// The texts of the first two chunks of source trade places under their
	// headings: the model is told the wrong place for each.
	{"explainerr/prompt/prompt.go", "\tvar kept []report.Chunk",
		`if evalsMutationUnderTest == "swap-chunks" && len(chunks) > 1 { chunks = append([]report.Chunk(nil), chunks...); chunks[0].Text, chunks[1].Text = chunks[1].Text, chunks[0].Text }`},
	// Redaction does nothing.
	{"explainerr/redact/redact.go", "func String(s string) string {",
		`if evalsMutationUnderTest == "redact-nothing" { return s }`},
}

// buildMutated builds the evaluation with every mutation compiled in and
// returns the binary's path.
func buildMutated(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	overlay := map[string]string{}
	for i, m := range mutations {
		src := filepath.Join(root, filepath.FromSlash(m.file))
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		at := strings.Index(text, m.anchor)
		if at < 0 || strings.Count(text, m.anchor) != 1 {
			t.Fatalf("%s: the mutation's anchor %q is gone or not unique: update the mutation", m.file, m.anchor)
		}
		end := at + strings.Index(text[at:], "\n") + 1
		mutated := text[:end] + m.code + "\n" + text[end:]
		p := filepath.Join(dir, fmt.Sprintf("mutated%d.go", i))
		if err := os.WriteFile(p, []byte(mutated), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[src] = p
		// The switch, in a file of its own in the same package.
		pkg := packageName(t, text)
		hook := filepath.Join(filepath.Dir(src), "evals_mutation_hook_test_only.go")
		hp := filepath.Join(dir, fmt.Sprintf("hook%d.go", i))
		code := fmt.Sprintf("package %s\n\nimport \"os\"\n\nvar evalsMutationUnderTest = os.Getenv(%q)\n", pkg, mutationEnv)
		if err := os.WriteFile(hp, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[hook] = hp
	}
	data, _ := json.Marshal(map[string]any{"Replace": overlay})
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "evals-mutated")
	cmd := exec.Command("go", "build", "-overlay", ov, "-o", bin, "./evals")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the mutated evaluation: %v\n%s", err, out)
	}
	return bin
}

func packageName(t *testing.T, src string) string {
	t.Helper()
	for _, line := range strings.Split(src, "\n") {
		if name, ok := strings.CutPrefix(line, "package "); ok {
			return strings.TrimSpace(name)
		}
	}
	t.Fatal("no package clause")
	return ""
}

// runBinary runs the evaluation binary from the module root with the
// mutation switched on, and returns its exit code and output.
func runBinary(t *testing.T, bin, root, mutation string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), mutationEnv+"="+mutation, "OPENAI_API_KEY=", "OPENAI_BASE_URL=", "EXPLAINERR_JUDGE_MODEL=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String()
	}
	t.Fatalf("running the evaluation: %v\n%s", err, out.String())
	return 0, ""
}

// mutationFixtures keep the runs short: an app and a traceback fixture,
// each with several chunks of source in static and rag mode.
var mutationFixtures = []string{"-fixture", "featured_post_nil", "-fixture", "helper_initials_index"}

func TestMutationsFailTheRun(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildMutated(t, root)

	// The same build with no mutation on passes, and writes the baseline
	// the mutated runs are compared with.
	baseline := filepath.Join(t.TempDir(), "baseline.json")
	args := append([]string{"-out", filepath.Join(t.TempDir(), "control"), "-baseline", baseline, "-update-baseline"}, mutationFixtures...)
	if code, out := runBinary(t, bin, root, "", args...); code != 0 || !strings.Contains(out, "Gates: PASS") {
		t.Fatalf("the unmutated build fails: exit %d\n%s", code, out)
	}

	for _, c := range []struct {
		mutation string
		// want are lines the report must hold: why the run failed.
		want []string
	}{
		{"retrieve-error", []string{"Rows: FAIL", "featured_post_nil/rag run 1: errored", "helper_initials_index/rag run 1: errored", "in the baseline, not measured now"}},
		{"swap-chunks", []string{"Chunks: FAIL", "is not the file's"}},
		{"redact-nothing", []string{"Leak gate: FAIL", "leak-probe/"}},
	} {
		t.Run(c.mutation, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"-out", filepath.Join(t.TempDir(), "run"), "-baseline", baseline}, mutationFixtures...)
			code, out := runBinary(t, bin, root, c.mutation, args...)
			if code != 1 {
				t.Errorf("exit %d, want 1 (a gate failed)\n%s", code, out)
			}
			if !strings.Contains(out, "Gates: FAIL") {
				t.Errorf("the report does not say the gates failed:\n%s", out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the report lacks %q:\n%s", w, out)
				}
			}
			logFailures(t, out)
		})
	}
}

// logFailures logs the report's failing gates and their first reasons.
func logFailures(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, ": FAIL") && !strings.HasPrefix(l, "Gates:") {
			end := min(i+3, len(lines))
			t.Logf("%s", strings.Join(lines[i:end], "\n"))
		}
	}
}

// TestJudgeServingAnotherModelFailsTheRun points the judge at a server
// that answers every call with another model than the one asked for: no
// judgment is a result, and the judged run must fail instead of losing
// layer 3 in silence.
func TestJudgeServingAnotherModelFailsTheRun(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply(`{"A": {"claims": []}, "B": {"claims": []}, "winner": "A"}`).WithModel("another-model")
	})
	env := map[string]string{"EXPLAINERR_JUDGE_MODEL": "judge-model", "EXPLAINERR_JUDGE_BASE_URL": srv.URL, "EXPLAINERR_JUDGE_API_KEY": "k"}
	out := filepath.Join(t.TempDir(), "run")
	code, stdout, stderr := runEvals(t, env, append([]string{"-out", out}, mutationFixtures...)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, w := range []string{"Judge: FAIL", "judge error: featured_post_nil", "Gates: FAIL"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the report lacks %q:\n%s", w, stdout)
		}
	}
	logFailures(t, stdout)
	if srv.Calls() < 2 {
		t.Errorf("%d judge calls, want one per fixture", srv.Calls())
	}
	var sum struct {
		Gates struct {
			Passed      bool `json:"passed"`
			JudgeFailed bool `json:"judge_failed"`
		} `json:"gates"`
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil || sum.Gates.Passed || !sum.Gates.JudgeFailed {
		t.Errorf("summary.json gates %+v (%v)", sum.Gates, err)
	}
}
