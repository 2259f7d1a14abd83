//go:build cgo

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/prompt"
)

func TestExplainRAGWithoutIndexFallsBack(t *testing.T) {
	noModelEnv(t)
	dir, dumps := realDumps(t)
	d := dumps[1]
	db := filepath.Join(t.TempDir(), "missing.db")
	code, out, errOut := runCLI(t, "", "explain", "-rag", "-db", db, "-print-prompt", "-module", d.AppModule, filepath.Join(dir, d.File))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "Retrieval is on but failed") || !strings.Contains(errOut, db) {
		t.Errorf("no notice naming the missing index on stderr: %s", errOut)
	}
	_, _, trace := splitPrompt(t, out)
	checkTrace(t, trace, d.AppFrames, prompt.DefaultTraceBudget)
}
