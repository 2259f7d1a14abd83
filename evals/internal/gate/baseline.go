package gate

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Baseline is the stored result of a gate run that later runs must not fall
// below.
type Baseline struct {
	// Note says how the baseline was made.
	Note string `json:"note"`
	// Generator names the generator whose explanations the metrics'
	// answers score ("offline/normal"): answers are compared only with a
	// run of the same generator.
	Generator string    `json:"generator,omitempty"`
	Metrics   []Metrics `json:"metrics"`
	Totals    []Total   `json:"totals"`
}

// Tolerance absorbs floating-point noise in rate comparisons.
const Tolerance = 1e-9

// Regression is one measure that got worse than the baseline.
type Regression struct {
	Fixture string `json:"fixture"`
	Mode    string `json:"mode"`
	Measure string `json:"measure"`
	Was     string `json:"was"`
	Now     string `json:"now"`
}

// String formats the regression for the terminal.
func (r Regression) String() string {
	return fmt.Sprintf("%s/%s %s: %s -> %s", r.Fixture, r.Mode, r.Measure, r.Was, r.Now)
}

// LoadBaseline reads a baseline file.
func LoadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &b, nil
}

// ExtendBaseline adds to the baseline at path the metrics it has no entry
// for (a new fixture, or a new sample app's), keeps every entry it has as
// it is, recomputes the totals and appends note to its note. It returns
// how many entries it added.
func ExtendBaseline(path, note string, ms []Metrics) (int, error) {
	base, err := LoadBaseline(path)
	if err != nil {
		return 0, err
	}
	have := map[[2]string]bool{}
	for _, b := range base.Metrics {
		have[[2]string{b.Fixture, b.Mode}] = true
	}
	all := append([]Metrics(nil), base.Metrics...)
	added := 0
	for _, m := range ms {
		if !have[[2]string{m.Fixture, m.Mode}] {
			all = append(all, m)
			added++
		}
	}
	if added == 0 {
		return 0, nil
	}
	return added, WriteBaseline(path, base.Note+"; "+note, base.Generator, all)
}

// WriteBaseline writes the metrics (sorted by fixture and mode), the
// generator that made their answers and their totals to path.
func WriteBaseline(path, note, generator string, ms []Metrics) error {
	sorted := append([]Metrics(nil), ms...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Fixture != sorted[j].Fixture {
			return sorted[i].Fixture < sorted[j].Fixture
		}
		return sorted[i].Mode < sorted[j].Mode
	})
	b := Baseline{Note: note, Generator: generator, Metrics: sorted, Totals: Totals(sorted)}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Compare returns every measure of current that is worse than in the
// baseline (the fix location no longer reaching the model, a lower fact
// recall, a lost hit, a lower MRR, and, when generator made the
// baseline's answers, an explanation that names less or scores lower)
// and every unexplained change: another prompt size, other chunk sources
// or another rank of the fix location's chunk, better or worse. A change
// is explained by rewriting the baseline with -update-baseline, which
// records it. missing lists the baseline entries of the fixtures measured
// now whose mode was not measured: a failure like a regression (fixtures
// left out of the run with -fixture are not compared). Entries measured
// now and absent from the baseline are new measurements, not regressions.
func Compare(base *Baseline, current []Metrics, generator string) (regs []Regression, missing []string) {
	now := map[[2]string]Metrics{}
	measured := map[string]bool{}
	for _, m := range current {
		now[[2]string{m.Fixture, m.Mode}] = m
		measured[m.Fixture] = true
	}
	for _, b := range base.Metrics {
		m, ok := now[[2]string{b.Fixture, b.Mode}]
		if !ok {
			if measured[b.Fixture] {
				missing = append(missing, b.Fixture+"/"+b.Mode)
			}
			continue
		}
		add := func(measure, was, is string) {
			regs = append(regs, Regression{Fixture: b.Fixture, Mode: b.Mode, Measure: measure, Was: was, Now: is})
		}
		if b.FixLocationInPrompt && !m.FixLocationInPrompt {
			add("fix_location_in_prompt", "true", "false")
		}
		if m.FactRecall < b.FactRecall-Tolerance {
			add("fact_recall", fmt.Sprintf("%.2f", b.FactRecall), fmt.Sprintf("%.2f", m.FactRecall))
		}
		if b.HitAtK && !m.HitAtK {
			add("hit_at_k", "true", "false")
		}
		if m.MRR < b.MRR-Tolerance {
			add("mrr", fmt.Sprintf("%.2f", b.MRR), fmt.Sprintf("%.2f", m.MRR))
		}
		if m.PromptChars != b.PromptChars {
			add("prompt_chars changed", fmt.Sprint(b.PromptChars), fmt.Sprint(m.PromptChars))
		}
		if m.FixRank != b.FixRank {
			add("fix_rank changed", fmt.Sprint(b.FixRank), fmt.Sprint(m.FixRank))
		}
		if was, is := sourcesChange(b.Chunks, m.Chunks); was != "" || is != "" {
			add("chunk sources changed", was, is)
		}
		if b.Answer != nil && base.Generator == generator {
			regs = append(regs, compareAnswers(b, m)...)
		}
	}
	return regs, missing
}

// compareAnswers returns the regressions of the explanation of m against
// the baseline's b; an answer not measured now is one.
func compareAnswers(b, m Metrics) []Regression {
	var regs []Regression
	add := func(measure, was, is string) {
		regs = append(regs, Regression{Fixture: b.Fixture, Mode: b.Mode, Measure: measure, Was: was, Now: is})
	}
	if m.Answer == nil {
		add("answer", "scored", "not scored")
		return regs
	}
	if b.Answer.FixLocationNamed && !m.Answer.FixLocationNamed {
		add("answer names the fix location", "true", "false")
	}
	if m.Answer.FactsNamed < b.Answer.FactsNamed {
		add("answer facts named", fmt.Sprint(b.Answer.FactsNamed), fmt.Sprint(m.Answer.FactsNamed))
	}
	if m.Answer.Score < b.Answer.Score-Tolerance {
		add("answer score", fmt.Sprintf("%.3f", b.Answer.Score), fmt.Sprintf("%.3f", m.Answer.Score))
	}
	return regs
}

// sourcesChange returns the chunk sources only the baseline has and only
// the current run has (each joined by ", "), or the whole lists when the
// same sources come in another order; "" and "" when they are the same.
func sourcesChange(was, is []string) (string, string) {
	if strings.Join(was, "\n") == strings.Join(is, "\n") {
		return "", ""
	}
	inIs, inWas := map[string]bool{}, map[string]bool{}
	for _, s := range is {
		inIs[s] = true
	}
	for _, s := range was {
		inWas[s] = true
	}
	var gone, added []string
	for _, s := range was {
		if !inIs[s] {
			gone = append(gone, s)
		}
	}
	for _, s := range is {
		if !inWas[s] {
			added = append(added, s)
		}
	}
	if len(gone) == 0 && len(added) == 0 {
		return "order " + strings.Join(was, ", "), "order " + strings.Join(is, ", ")
	}
	return "[" + strings.Join(gone, ", ") + "]", "[" + strings.Join(added, ", ") + "]"
}
