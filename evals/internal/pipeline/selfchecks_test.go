package pipeline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/records"
)

func TestSelfChecksOverStoredRows(t *testing.T) {
	good := &coverage.SelfCheck{Oracle: 1, Stuffing: 0.2}
	rows := &records.Rows{Generations: []records.Generation{
		{Fixture: "a", Mode: "rag", Run: 1, Coverage: coverage.Result{Score: 0.5}, SelfCheck: good},
		{Fixture: "a", Mode: "rag", Run: 2, Coverage: coverage.Result{Score: 0}},
	}}
	normal := &records.RunInfo{Generator: GenNormal}
	if totals, failures := selfChecks(normal, rows); len(failures) != 0 || len(totals) != 1 || totals[0].N != 1 {
		t.Errorf("run 1 holds: totals %+v, failures %v", totals, failures)
	}
	rows.Generations = append(rows.Generations, records.Generation{Fixture: "b", Mode: "rag", Run: 1})
	if _, failures := selfChecks(normal, rows); len(failures) != 1 || !strings.Contains(failures[0], "regrade") || !strings.Contains(failures[0], "b/rag") {
		t.Errorf("a row without self-check scores: %v", failures)
	}
	if totals, failures := selfChecks(&records.RunInfo{Generator: GenNull}, rows); totals != nil || failures != nil {
		t.Errorf("a null run has no real explanation to hold the self-checks against: %v %v", totals, failures)
	}
}

func TestProvenanceFailuresNameTheRow(t *testing.T) {
	rows := &records.Rows{Generations: []records.Generation{
		{Fixture: "a", Mode: "static", Run: 2, Provenance: []string{"static mode: it adds x"}},
		{Fixture: "b", Mode: "rag", Run: 1},
	}}
	got := provenanceFailures(rows)
	if len(got) != 1 || got[0] != "a/static run 2: static mode: it adds x" {
		t.Errorf("provenance failures %v", got)
	}
}
