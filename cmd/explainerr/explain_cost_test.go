package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// TestExplainLocalModelHasNoCost explains a dump with a model that carries
// a hosted model's name but is served at a local OPENAI_BASE_URL (a fake
// server on 127.0.0.1, as Ollama would be): the footer gives its tokens
// and no cost, since nobody charges for it at the hosted list price.
func TestExplainLocalModelHasNoCost(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[6]
	srv := fakeopenai.New(fakeopenai.Reply("The handler reads past the end of a slice.").WithUsage(900, 40))
	defer srv.Close()
	t.Setenv("EXPLAINERR_PROVIDER", "openai")
	t.Setenv("OPENAI_BASE_URL", srv.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	t.Setenv("EXPLAINERR_MODEL", "gpt-4o-mini")

	code, out, errOut := runCLI(t, "", "explain", "-module", d.AppModule, filepath.Join(dir, d.File))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if srv.Calls() != 1 {
		t.Fatalf("%d model calls, want 1", srv.Calls())
	}
	_, footer, ok := strings.Cut(out, "\n-- explained by ")
	if !ok || !strings.HasPrefix(footer, "openai/gpt-4o-mini") || !strings.Contains(footer, "900+40 tokens") {
		t.Fatalf("no footer naming the model and its tokens: %q", out)
	}
	if strings.Contains(footer, "$") {
		t.Errorf("the footer prices a model on a local server: %q", footer)
	}
}

func TestFooterNeverShowsAZeroCost(t *testing.T) {
	for cost, want := range map[float64]string{0: "", 0.00001: " · < $0.0001", 0.0012: " · $0.0012"} {
		r := &report.Report{Mode: report.ModeStatic, Explanation: report.Explanation{Provider: "openai", Model: "m", CostUSD: cost}}
		if got := footer(r); got != "explained by openai/m · mode static"+want {
			t.Errorf("footer with cost %g = %q, want the cost as %q", cost, got, want)
		}
	}
}
