package reportgen

import (
	"fmt"

	"github.com/explainerr/explainerr/evals/internal/appgroups"
)

// interval writes a value with its 95% interval, such as ".50 [.30, .70]".
func interval(v, lo, hi float64) string {
	return fmt.Sprintf("%s [%s, %s]", dec(v), dec(lo), dec(hi))
}

// dec writes a number in 0..1 (or a difference in -1..1) to two places.
func dec(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

// pText writes a p-value to three places.
func pText(p float64) string {
	if p < 0.001 {
		return "p<0.001"
	}
	return fmt.Sprintf("p=%.3f", p)
}

// rateText writes a rate as "k/n [lo, hi]".
func rateText(r appgroups.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d [%s, %s]", r.K, r.N, dec(r.Lo), dec(r.Hi))
}

// appGroupTables are the per-app, per-group figures and the per-fixture
// comparisons of the modes, one pair of tables per app.
func (s *Summary) appGroupTables() []table {
	var ts []table
	byApp := map[string][]appgroups.Row{}
	var apps []string
	for _, r := range s.In.AppGroups {
		if byApp[r.App] == nil {
			apps = append(apps, r.App)
		}
		byApp[r.App] = append(byApp[r.App], r)
	}
	for _, app := range apps {
		fig := table{title: "Per app and group: " + app + " (run 1; n fixtures, 95% intervals)",
			header: []string{"group", "n", "mode", "fix location in prompt", "fact recall", "fix chunk in context", "MRR", "median rank"}}
		cmp := table{title: "Modes compared per fixture: " + app + " (run 1; mean difference [95% bootstrap], better/worse/tied, sign test p)",
			header: []string{"group", "n", "comparison", "fix location in prompt", "fact recall", "MRR"}}
		for _, r := range byApp[app] {
			for _, m := range r.Modes {
				chunk, mrr, rank := "-", "-", "-"
				if m.Mode != "plain" {
					chunk, mrr = rateText(m.FixChunk), interval(m.MRR.Value, m.MRR.Lo, m.MRR.Hi)
					if m.MedianRank > 0 {
						rank = fmt.Sprintf("%g", m.MedianRank)
					}
				}
				fig.rows = append(fig.rows, []string{r.Group, itoa(r.N), m.Mode, rateText(m.FixInPrompt),
					interval(m.FactRecall.Value, m.FactRecall.Lo, m.FactRecall.Hi), chunk, mrr, rank})
			}
			for _, pair := range appgroups.Pairs {
				row := []string{r.Group, "", pair[0] + " − " + pair[1]}
				for _, d := range r.Diffs {
					if d.More != pair[0] || d.Less != pair[1] {
						continue
					}
					row[1] = itoa(d.N)
					row = append(row, fmt.Sprintf("%s, %d/%d/%d, %s", interval(d.Mean, d.Lo, d.Hi), d.Better, d.Worse, d.Ties, pText(d.SignP)))
				}
				cmp.rows = append(cmp.rows, row)
			}
		}
		fig.notes = append(fig.notes, "Rates carry Wilson intervals and means bootstrap intervals over the group's fixtures (2,000 resamples, fixed seed); the median rank is over the fixtures whose fix chunk is in context. The group is the fixture's group (where its fix is), or, for fixtures without one, its category.")
		cmp.notes = append(cmp.notes, "Each comparison pairs the two modes on the same fixtures: the mean of the per-fixture differences with its bootstrap interval, then how many fixtures the first mode did better, worse or the same on, and the exact two-sided sign test over the untied ones. Differences are reported whatever their sign; with a few fixtures per group the intervals are wide and a p-value above 0.05 is no evidence of no effect.")
		ts = append(ts, fig, cmp)
	}
	return ts
}

// appsText describes the run's apps for the Run table: fixtures, index
// and frozen fingerprint.
func (s *Summary) appsText() []string {
	info := s.In.Info
	if info == nil {
		return nil
	}
	var out []string
	for _, a := range info.Apps {
		line := fmt.Sprintf("%s: %d fixtures (%s %.12s), index %.12s (%d chunks)", a.Name, a.Fixtures, a.FixturesFile, a.FixturesHash, a.IndexHash, a.IndexChunks)
		switch {
		case a.FrozenVersion == 0:
		case a.Frozen:
			line += fmt.Sprintf("; frozen version %d of %s, fingerprint %.12s matches", a.FrozenVersion, a.FrozenDate, a.Fingerprint)
		default:
			line += fmt.Sprintf("; CHANGED since frozen version %d of %s (fingerprint now %.12s): figures are for an unrecorded version", a.FrozenVersion, a.FrozenDate, a.Fingerprint)
		}
		out = append(out, line)
	}
	return out
}
