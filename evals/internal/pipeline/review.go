package pipeline

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/humanreview"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// ReviewSheetFile is the human-review sheet of a judged run.
const ReviewSheetFile = "human-review.csv"

// writeReviewSheet samples n claim verdicts of the judge (not the
// controls, not the second judge's) from the seeds' run directories,
// from seed, and writes them with their source lines. It returns how
// many claims it wrote.
func writeReviewSheet(path string, dirs []string, n int, seed int64) (int, error) {
	var items []humanreview.Item
	for _, d := range dirs {
		got, err := reviewItems(d)
		if err != nil {
			return 0, err
		}
		items = append(items, got...)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	items = items[:min(n, len(items))]
	sort.Slice(items, func(i, j int) bool { return items[i].ID < items[j].ID })
	return len(items), humanreview.Write(path, items)
}

// reviewItems lists every claim verdict of one run's judge.
func reviewItems(dir string) ([]humanreview.Item, error) {
	d := &records.Dir{Path: dir}
	info, ok, err := d.ReadRun()
	if err != nil || !ok {
		return nil, fmt.Errorf("%s: no run (%v)", dir, err)
	}
	rows, err := d.ReadResults()
	if err != nil {
		return nil, err
	}
	var items []humanreview.Item
	for _, j := range rows.Judgments {
		if j.Control || j.Judge != "" || j.Judgment == nil || j.IsFailed() {
			continue
		}
		raw, err := d.ReadTrace(j.TraceDir, "input.json")
		if err != nil {
			return nil, err
		}
		var in judgeInput
		if err := json.Unmarshal(raw, &in); err != nil {
			return nil, fmt.Errorf("%s/input.json: %w", j.TraceDir, err)
		}
		for _, side := range []string{"A", "B"} {
			jside := &j.Judgment.A
			mode := j.AMode
			if side == "B" {
				jside, mode = &j.Judgment.B, judgedOther(j.AMode)
			}
			for i, c := range jside.Claims {
				items = append(items, humanreview.Item{
					ID:   fmt.Sprintf("s%d/%s/r%d/%s/%s%d", info.Seed, j.Fixture, j.Run, j.Order, side, i+1),
					Seed: fmt.Sprint(info.Seed), Fixture: j.Fixture, Run: fmt.Sprint(j.Run), Order: j.Order, Mode: mode,
					Claim: c.Claim, JudgeVerdict: c.Verdict, Evidence: c.Evidence,
					SourceLines: sourceLines(in.Input.Excerpt, in.Input.Trace, c.Evidence),
				})
			}
		}
	}
	return items, nil
}

// sourceLines finds the evidence among the excerpt's numbered lines
// ("file:line: text") or in the trace; it says so when it is in neither.
func sourceLines(excerpt, trace, evidence string) string {
	ev := strings.TrimSpace(evidence)
	if ev == "" {
		return "(no evidence quoted)"
	}
	var found []string
	file := ""
	for _, line := range strings.Split(excerpt, "\n") {
		if rest, ok := strings.CutPrefix(line, "### "); ok {
			file, _, _ = strings.Cut(rest, ":")
			continue
		}
		num, text, ok := strings.Cut(line, " | ")
		if ok && strings.TrimSpace(text) == ev {
			found = append(found, fmt.Sprintf("%s:%s: %s", file, strings.TrimSpace(num), text))
		}
	}
	if len(found) > 0 {
		return strings.Join(found, "\n")
	}
	for _, line := range strings.Split(trace, "\n") {
		if strings.TrimSpace(line) == ev {
			return "trace: " + line
		}
	}
	return "(the quoted line is not in the judge's input)"
}
