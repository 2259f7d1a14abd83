package pipeline

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/reportgen"
	"github.com/explainerr/explainerr/evals/internal/stats"
	"github.com/explainerr/explainerr/explainerr/report"
)

// SeedsFile is the per-seed report of a judged run, beside the seeds'
// directories.
const SeedsFile = "seeds.json"

// SeedResult is one seed's judged result. Seeds are reported one by one:
// their comparisons share fixtures, so they are not pooled as if
// independent.
type SeedResult struct {
	Seed        int64                   `json:"seed"`
	Dir         string                  `json:"dir"`
	Comparisons int                     `json:"comparisons"`
	RAGWins     int                     `json:"rag_wins"`
	StaticWins  int                     `json:"static_wins"`
	Ties        int                     `json:"ties"`
	Failed      int                     `json:"failed"`
	Withheld    bool                    `json:"withheld"`
	Controls    reportgen.JudgeControls `json:"controls"`
	Served      map[string][]string     `json:"served_models"`
	GatesPassed bool                    `json:"gates_passed"`
}

// seedResult reads one seed's run directory.
func seedResult(dir string) (SeedResult, error) {
	d := &records.Dir{Path: dir}
	info, ok, err := d.ReadRun()
	if err != nil || !ok {
		return SeedResult{}, fmt.Errorf("%s: no run (%v)", dir, err)
	}
	rows, err := d.ReadResults()
	if err != nil {
		return SeedResult{}, err
	}
	errs, err := d.ReadErrors()
	if err != nil {
		return SeedResult{}, err
	}
	var gates struct {
		Gates struct {
			Passed bool `json:"passed"`
		} `json:"gates"`
	}
	data, err := os.ReadFile(filepath.Join(dir, reportgen.SummaryFile))
	if err != nil {
		return SeedResult{}, err
	}
	if err := json.Unmarshal(data, &gates); err != nil {
		return SeedResult{}, fmt.Errorf("%s: %w", reportgen.SummaryFile, err)
	}
	s := reportgen.Summarize(reportgen.Input{Dir: dir, Info: info, Rows: rows, Errors: errs, Judged: true})
	t := s.Tallies["all"]
	return SeedResult{Seed: info.Seed, Dir: dir, Comparisons: t.Total, RAGWins: t.Wins[report.ModeRAG], StaticWins: t.Wins[report.ModeStatic],
		Ties: t.Tie, Failed: t.Failed, Withheld: t.Withheld, Controls: s.Controls, Served: info.ServedModels, GatesPassed: gates.Gates.Passed}, nil
}

// writeSeedReport prints the seeds' results side by side and writes
// them to SeedsFile in out.
func writeSeedReport(out string, dirs []string, w io.Writer) error {
	var results []SeedResult
	for _, d := range dirs {
		r, err := seedResult(d)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	data, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, SeedsFile), append(data, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== Judged results per seed (not pooled: the seeds share their fixtures) ==")
	fmt.Fprintln(w, "seed  comparisons  rag wins  static wins  ties  failed  inconsistent orders  decisive controls  position p  second judge agrees  gates  served models")
	ragAhead := 0
	for _, r := range results {
		wins := fmt.Sprintf("%-8d  %-11d  %-4d", r.RAGWins, r.StaticWins, r.Ties)
		if r.Withheld {
			wins = fmt.Sprintf("%-8s  %-11s  %-4s", "withheld", "withheld", "-")
		} else if r.RAGWins > r.StaticWins {
			ragAhead++
		}
		second := "-"
		if r.Controls.Second != nil {
			second = fraction(r.Controls.Second.Agreement)
		}
		gates := "PASS"
		if !r.GatesPassed {
			gates = "FAIL"
		}
		fmt.Fprintf(w, "%-4d  %-11d  %s  %-6d  %-19s  %-17s  %-10.3g  %-19s  %-5s  %s\n", r.Seed, r.Comparisons, wins, r.Failed,
			fraction(r.Controls.Inconsistency), fraction(r.Controls.Controls.DecisiveRate), r.Controls.Position.P, second, gates, servedText(r.Served))
	}
	fmt.Fprintf(w, "rag won more comparisons than static in %d of %d seed(s). Per seed: %s; each seed's reports are in its directory.\n", ragAhead, len(results), filepath.Join(out, SeedsFile))
	return nil
}

func fraction(p stats.Proportion) string {
	return fmt.Sprintf("%d/%d [%.2f-%.2f]", p.K, p.N, p.Lo, p.Hi)
}

func servedText(m map[string][]string) string {
	var parts []string
	for _, role := range []string{"generator", "judge", "judge2"} {
		if len(m[role]) > 0 {
			parts = append(parts, role+" "+strings.Join(m[role], ","))
		}
	}
	return strings.Join(parts, "; ")
}
