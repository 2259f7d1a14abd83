//go:build long

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
)

// mutationEnv names the mutation a mutated build applies.
const mutationEnv = "EXPLAINERR_EVAL_MUTATION"

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
