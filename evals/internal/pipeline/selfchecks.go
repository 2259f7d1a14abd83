package pipeline

import (
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// selfChecks runs the coverage score's self-checks over run 1 of a
// normal run (a run whose answers are themselves a self-check has no real
// explanation to hold them against): see coverage.SelfCheckGate. A row
// without self-check scores (stored before they existed) fails them, as
// an unmeasured row fails the gates: regrade scores it.
func selfChecks(info *records.RunInfo, rows *records.Rows) ([]coverage.SelfCheckTotal, []string) {
	if info.Generator != GenNormal {
		return nil, nil
	}
	var in []coverage.SelfCheckRow
	var unscored []string
	for _, g := range rows.Generations {
		if g.Run != 1 {
			continue
		}
		if g.SelfCheck == nil {
			unscored = append(unscored, g.Fixture+"/"+g.Mode)
			continue
		}
		in = append(in, coverage.SelfCheckRow{Mode: g.Mode, Real: g.Coverage.Score, Check: *g.SelfCheck})
	}
	totals, failures := coverage.SelfCheckGate(in)
	if len(unscored) > 0 {
		failures = append(failures, fmt.Sprintf("%d row(s) have no self-check scores (stored before the self-checks existed; run go run ./evals regrade): %s",
			len(unscored), strings.Join(unscored, ", ")))
	}
	return totals, failures
}

// provenanceFailures lists, row by row, why a row's context is not what
// its mode makes (see provenance.go).
func provenanceFailures(rows *records.Rows) []string {
	var out []string
	for _, g := range rows.Generations {
		for _, why := range g.Provenance {
			out = append(out, g.Fixture+"/"+g.Mode+" run "+itoa(g.Run)+": "+why)
		}
	}
	return out
}
