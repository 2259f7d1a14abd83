//go:build long

package main

import (
	"strings"
	"testing"
)

// TestOfflineRunRetrievalGate runs "go run ./evals" with no keys, as CI does
// (a run of every fixture: the long suite's, go test -tags long),
// through the real middleware and index, and holds retrieval to its
// promise on the blog: for every app fixture the fix-location chunk
// reaches the model with retrieval on. It logs hit@k and MRR per fixture
// of both sample apps (the invoicing app's are measured, not promised),
// and checks the run passes the committed baseline.
func TestOfflineRunRetrievalGate(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runEvals(t, map[string]string{}, "-out", dir, "-baseline", "baseline.json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "Leak gate: PASS") || !strings.Contains(stdout, "Baseline: PASS") {
		t.Errorf("gates did not pass:\n%s", stdout)
	}
	rows := readRows(t, dir)
	apps, hits, invoices := 0, 0, 0
	for _, g := range rows.Generations {
		if g.Mode != "rag" {
			continue
		}
		m := g.Gate
		t.Logf("%-10s %-28s %-9s hit@%d=%v rank=%d MRR=%.2f facts=%d/%d", g.App, g.Fixture, g.Group, m.K, m.HitAtK, m.FixRank, m.MRR, m.FactsFound, m.FactsTotal)
		if g.ReportMode != "rag" {
			t.Errorf("%s: retrieval fell back to plain: %v", g.Fixture, g.Notices)
		}
		if g.App == "invoiceapp" {
			invoices++
			continue
		}
		if g.Group == "app" {
			apps++
			if m.HitAtK {
				hits++
			} else {
				t.Errorf("%s: the fix-location chunk did not reach the model", g.Fixture)
			}
		}
	}
	if apps != 7 {
		t.Fatalf("%d app fixtures ran with retrieval, want 7", apps)
	}
	if invoices < 20 {
		t.Errorf("%d invoicing app fixtures ran with retrieval, want every one (at least 20)", invoices)
	}
	t.Logf("blog app group: hit %d/%d", hits, apps)
}
