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
// returns the binary's path. The mutations of one file are applied to it
// together; the switch and the helpers of one package go into one file of
// their own.
func buildMutated(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	texts := map[string]string{}
	type hook struct {
		pkg     string
		helpers []string
		imports map[string]bool
	}
	hooks := map[string]*hook{}
	var order []string
	for _, m := range mutations {
		src := filepath.Join(root, filepath.FromSlash(m.file))
		text, ok := texts[src]
		if !ok {
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			text = string(data)
			order = append(order, src)
		}
		at := strings.Index(text, m.anchor)
		if at < 0 || strings.Count(text, m.anchor) != 1 {
			t.Fatalf("%s: the mutation's anchor %q is gone or not unique: update the mutation", m.file, m.anchor)
		}
		end := at + strings.Index(text[at:], "\n") + 1
		texts[src] = text[:end] + m.code + "\n" + text[end:]
		hp := filepath.Join(filepath.Dir(src), "evals_mutation_hook_test_only.go")
		h := hooks[hp]
		if h == nil {
			h = &hook{pkg: packageName(t, text), imports: map[string]bool{"os": true}}
			hooks[hp] = h
		}
		if m.helper != "" {
			h.helpers = append(h.helpers, m.helper)
		}
		for _, imp := range m.imports {
			h.imports[imp] = true
		}
	}
	overlay := map[string]string{}
	for i, src := range order {
		p := filepath.Join(dir, fmt.Sprintf("mutated%d.go", i))
		if err := os.WriteFile(p, []byte(texts[src]), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[src] = p
	}
	i := 0
	for hp, h := range hooks {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport (\n", h.pkg)
		for imp := range h.imports {
			fmt.Fprintf(&b, "\t%q\n", imp)
		}
		fmt.Fprintf(&b, ")\n\nvar evalsMutationUnderTest = os.Getenv(%q)\n\n%s\n", mutationEnv, strings.Join(h.helpers, "\n\n"))
		p := filepath.Join(dir, fmt.Sprintf("hook%d.go", i))
		i++
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[hp] = p
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

// mutationWants are the lines the report of each mutated default run
// must hold: why the run failed.
var mutationWants = map[string][]string{
	"retrieve-error":     {"Rows: FAIL", "featured_post_nil/rag run 1: errored", "helper_initials_index/rag run 1: errored", "in the baseline, not measured now"},
	"random-chunks":      {"Provenance: FAIL", "rag mode: the index anchored no chunk on the app frame", "chunk sources changed"},
	"swap-chunks":        {"Chunks: FAIL", "is not the file's"},
	"redact-nothing":     {"Leak gate: FAIL", "leak-probe/"},
	"constant-generator": {"Self-checks: FAIL", "keyword stuffing scores", "answer score"},
	"keyword-stuffing":   {"Self-checks: FAIL", "keyword stuffing scores", "answer score"},
	"coverage-on-prompt": {"Self-checks: FAIL", "an empty answer scores"},
	"static-index":       {"Provenance: FAIL", "static mode: the context is not a fresh static computation's", "chunk sources changed"},
	"rag-from-static":    {"Provenance: FAIL", "fits in the prompt but is not in it", "chunk sources changed"},
}

// TestMutationsFailTheDefaultRun runs the default evaluation (no flag but
// its output directory: both apps, every fixture, the committed baseline)
// once unmutated, which must pass, and once per mutation, which must fail
// for the reasons mutationWants gives. Each mutation is a subtest of its
// own (go test -tags long -run 'TestMutationsFailTheDefaultRun/keyword-stuffing').
func TestMutationsFailTheDefaultRun(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildMutated(t, root)
	if code, out := runBinary(t, bin, root, "", "-out", filepath.Join(t.TempDir(), "control")); code != 0 || !strings.Contains(out, "Gates: PASS") {
		t.Fatalf("the unmutated build fails the default run: exit %d\n%s", code, out)
	}
	for _, m := range mutations {
		want := mutationWants[m.name]
		if len(want) == 0 {
			t.Errorf("mutation %q: no reason of failure to look for", m.name)
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			code, out := runBinary(t, bin, root, m.name, "-out", filepath.Join(t.TempDir(), "run"))
			if code != 1 {
				t.Errorf("exit %d, want 1 (a gate failed)\n%s", code, out)
			}
			if !strings.Contains(out, "Gates: FAIL") {
				t.Errorf("the report does not say the gates failed:\n%s", out)
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("the report lacks %q:\n%s", w, out)
				}
			}
			logFailures(t, out)
		})
	}
}
