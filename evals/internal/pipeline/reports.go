package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/explainerr/explainerr/evals/internal/appgroups"
	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/reportgen"
)

// outcome is what the gates concluded about a stored run.
type outcome struct {
	leaks        []gate.Leak
	leakNotes    []string
	regressions  []gate.Regression
	missing      []string
	baselineNote string
	// selfChecks total the self-check scores by mode; selfCheckFailures
	// say why the coverage score failed them.
	selfChecks        []coverage.SelfCheckTotal
	selfCheckFailures []string
	// provenance lists the rows whose context is not what their mode
	// makes.
	provenance []string
	stale      string
	judged     bool
	took       time.Duration
}

// writeReports prints the terminal report, writes report.md, report.html
// and summary.json into the run directory, and reports whether every gate
// passed.
func writeReports(o *Options, dir *records.Dir, info *records.RunInfo, rows *records.Rows, errs []records.ErrorRow, out outcome) (bool, error) {
	s := reportgen.Summarize(reportgen.Input{
		Dir: dir.Path, Info: info, Rows: rows, Errors: errs, Leaks: out.leaks, LeakNotes: out.leakNotes,
		Regressions: out.regressions, Missing: out.missing, BaselineNote: out.baselineNote,
		SelfChecks: out.selfChecks, SelfCheckFailures: out.selfCheckFailures, Provenance: out.provenance,
		Stale: out.stale, Judged: out.judged, Seconds: out.took.Seconds(), Layer1: Layer1(rows.Generations),
		AppGroups: appgroups.Compute(withApps(rows.Generations), runApps(info)),
	})
	if out.stale != "" {
		fmt.Fprintln(o.Stderr, "evals: "+out.stale)
	}
	s.WriteText(o.Stdout)
	if err := os.WriteFile(filepath.Join(dir.Path, "report.md"), []byte(s.Markdown()), 0o644); err != nil {
		return false, err
	}
	if err := os.WriteFile(filepath.Join(dir.Path, "report.html"), []byte(s.HTML()), 0o644); err != nil {
		return false, err
	}
	if err := s.WriteSummaryJSON(filepath.Join(dir.Path, reportgen.SummaryFile)); err != nil {
		return false, err
	}
	fmt.Fprintf(o.Stdout, "\nReports: %s, %s\n", filepath.Join(dir.Path, "report.md"), filepath.Join(dir.Path, "report.html"))
	if s.GatePassed() {
		fmt.Fprintln(o.Stdout, "Gates: PASS")
	} else {
		fmt.Fprintln(o.Stdout, "Gates: FAIL")
	}
	return s.GatePassed(), nil
}

// runApps names the apps of a run in order; a run made when the blog was
// the only app recorded none.
func runApps(info *records.RunInfo) []string {
	var out []string
	for _, a := range info.Apps {
		out = append(out, a.Name)
	}
	if len(out) == 0 {
		out = []string{harness.BlogApp.Name}
	}
	return out
}

// withApps returns gens with the blog named as the app of the rows made
// when it was the only app, which name none.
func withApps(gens []records.Generation) []records.Generation {
	out := make([]records.Generation, len(gens))
	for i, g := range gens {
		if g.App == "" {
			g.App = harness.BlogApp.Name
		}
		out[i] = g
	}
	return out
}
