package records

import "fmt"

// MissingGenerations lists every fixture × mode × run a run must have and
// does not: no row (the item errored or never ran), or a row whose gate
// was never measured. Each entry says which, with the item's last
// unresolved error when there is one. A run with any is not a result.
func MissingGenerations(rows *Rows, errs []ErrorRow, fixtures, modes []string, runs int) []string {
	have := map[string]*Generation{}
	for i := range rows.Generations {
		g := &rows.Generations[i]
		have[g.Key()] = g
	}
	lastErr := map[string]string{}
	for _, e := range errs {
		if e.Stage == StageGenerate {
			lastErr[GenerationKey(e.Fixture, e.Mode, e.Run)] = e.Error
		}
	}
	var out []string
	for run := 1; run <= runs; run++ {
		for _, fx := range fixtures {
			for _, mode := range modes {
				key := GenerationKey(fx, mode, run)
				g, ok := have[key]
				switch {
				case !ok && lastErr[key] != "":
					out = append(out, fmt.Sprintf("%s/%s run %d: errored (%s)", fx, mode, run, clipError(lastErr[key])))
				case !ok:
					out = append(out, fmt.Sprintf("%s/%s run %d: not run", fx, mode, run))
				case g.Gate.Fixture == "" || g.Gate.Mode != mode:
					out = append(out, fmt.Sprintf("%s/%s run %d: not measured", fx, mode, run))
				}
			}
		}
	}
	return out
}

// Unresolved returns the error rows whose item has not finished since:
// an error followed by a successful resume of the same item is history,
// not a current failure. An item that failed again on a resume counts
// once, by its latest error.
func Unresolved(rows *Rows, errs []ErrorRow) []ErrorRow {
	done := rows.Keys()
	latest := map[string]int{}
	for i, e := range errs {
		if k := e.Key(); k != "" {
			latest[k] = i
		}
	}
	var out []ErrorRow
	for i, e := range errs {
		k := e.Key()
		if k != "" && (done[k] || latest[k] != i) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Key returns the key of the item an error row is about ("" when it is
// about no single item).
func (e ErrorRow) Key() string {
	switch e.Stage {
	case StageGenerate:
		return GenerationKey(e.Fixture, e.Mode, e.Run)
	case StageJudge:
		if e.Order != "" {
			return Judgment{Fixture: e.Fixture, Run: e.Run, Rep: e.Rep, Order: e.Order, Judge: e.Judge}.Key()
		}
	}
	return ""
}

// Stages of an error row.
const (
	StageGenerate = "generate"
	StageJudge    = "judge"
)

func clipError(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}
