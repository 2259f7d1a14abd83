package humanreview

import (
	"fmt"
	"io"

	"github.com/explainerr/explainerr/evals/internal/stats"
)

// Agreement is how often the judge's verdict was the reviewer's, over
// the rows a reviewer filled in, overall and by the judge's verdict.
type Agreement struct {
	Rows     int              `json:"rows"`
	Reviewed int              `json:"reviewed"`
	Agree    stats.Proportion `json:"agree"`
	// ByJudgeVerdict is the agreement on the claims the judge gave each
	// verdict (its precision per verdict, as the reviewer sees it).
	ByJudgeVerdict map[string]stats.Proportion `json:"by_judge_verdict"`
	// Confusion counts judge verdict -> reviewer verdict.
	Confusion map[string]map[string]int `json:"confusion"`
}

// Compare measures the agreement on a filled sheet.
func Compare(items []Item) Agreement {
	a := Agreement{Rows: len(items), ByJudgeVerdict: map[string]stats.Proportion{}, Confusion: map[string]map[string]int{}}
	agree := 0
	by := map[string][2]int{}
	for _, it := range items {
		if it.HumanVerdict == "" {
			continue
		}
		a.Reviewed++
		if a.Confusion[it.JudgeVerdict] == nil {
			a.Confusion[it.JudgeVerdict] = map[string]int{}
		}
		a.Confusion[it.JudgeVerdict][it.HumanVerdict]++
		c := by[it.JudgeVerdict]
		c[1]++
		if it.HumanVerdict == it.JudgeVerdict {
			agree++
			c[0]++
		}
		by[it.JudgeVerdict] = c
	}
	a.Agree = stats.NewProportion(agree, a.Reviewed)
	for v, c := range by {
		a.ByJudgeVerdict[v] = stats.NewProportion(c[0], c[1])
	}
	return a
}

// Write prints the agreement.
func (a Agreement) Write(w io.Writer) {
	fmt.Fprintf(w, "Human review: %d of %d claims reviewed.\n", a.Reviewed, a.Rows)
	if a.Reviewed == 0 {
		fmt.Fprintln(w, "No human_verdict filled in: nothing to compare.")
		return
	}
	fmt.Fprintf(w, "The judge's verdict was the reviewer's on %d/%d = %.2f (95%% Wilson CI %.2f-%.2f).\n", a.Agree.K, a.Agree.N, a.Agree.Value, a.Agree.Lo, a.Agree.Hi)
	for _, v := range Verdicts {
		p, ok := a.ByJudgeVerdict[v]
		if !ok {
			continue
		}
		fmt.Fprintf(w, "  judge said %-12s reviewer agreed on %d/%d = %.2f (CI %.2f-%.2f); reviewer said:", v, p.K, p.N, p.Value, p.Lo, p.Hi)
		for _, h := range Verdicts {
			fmt.Fprintf(w, " %s %d", h, a.Confusion[v][h])
		}
		fmt.Fprintln(w)
	}
}
