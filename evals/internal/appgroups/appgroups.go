// Package appgroups reports the retrieval gate per sample app and fixture
// group: for each context mode, how often the fix location reached the
// model, the facts' recall and the rank of the fix-location chunk, each
// with its n and 95% interval; and the modes compared fixture by fixture
// (rag − static, static − plain), whatever the sign of the difference.
package appgroups

import (
	"hash/fnv"

	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/stats"
)

// GroupAll is the group of every fixture of an app.
const GroupAll = "all"

// Modes are the context modes, from the least context to the most.
var Modes = []string{"plain", "static", "rag"}

// Pairs are the mode comparisons, each as (more context, less context).
var Pairs = [][2]string{{"rag", "static"}, {"static", "plain"}}

// groupOrder is the order groups are reported in; others follow.
var groupOrder = []string{
	GroupAll, "app", "traceback", "interface", "constructor", "error-origin", "discarded-error",
	"sql", "migration", "template", "config", "similarity", "direct",
}

// Rate is k of n with its 95% Wilson interval.
type Rate struct {
	K     int     `json:"k"`
	N     int     `json:"n"`
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Mean is a mean over n fixtures with its 95% bootstrap interval.
type Mean struct {
	N     int     `json:"n"`
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// ModeFigures are one mode's figures over a group's fixtures.
type ModeFigures struct {
	Mode string `json:"mode"`
	// FixInPrompt counts the fixtures whose fix location reached the
	// model, through the trace or a chunk of source.
	FixInPrompt Rate `json:"fix_location_in_prompt"`
	FactRecall  Mean `json:"fact_recall"`
	// FixChunk counts the fixtures with a chunk of the fix location among
	// the prompt's chunks; MRR is the mean reciprocal of its rank (0 when
	// absent) and MedianRank the median rank where present (0: never).
	FixChunk   Rate    `json:"fix_chunk_in_context"`
	MRR        Mean    `json:"mrr"`
	MedianRank float64 `json:"median_rank_when_present"`
}

// Diff is one metric compared between two modes over the same fixtures:
// the mean per-fixture difference (More − Less) with its 95% bootstrap
// interval, how many fixtures went each way, and the exact sign test's
// two-sided p-value over the untied ones.
type Diff struct {
	Metric string  `json:"metric"`
	More   string  `json:"more"`
	Less   string  `json:"less"`
	N      int     `json:"n"`
	Better int     `json:"better"`
	Worse  int     `json:"worse"`
	Ties   int     `json:"ties"`
	Mean   float64 `json:"mean"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	SignP  float64 `json:"sign_p"`
}

// Row is one app and group.
type Row struct {
	App   string        `json:"app"`
	Group string        `json:"group"`
	N     int           `json:"n"`
	Modes []ModeFigures `json:"modes"`
	Diffs []Diff        `json:"diffs"`
}

// metrics are the per-fixture values compared between modes.
var metrics = []struct {
	name  string
	value func(records.Generation) float64
}{
	{"fix_location_in_prompt", func(g records.Generation) float64 { return b2f(g.Gate.FixLocationInPrompt) }},
	{"fact_recall", func(g records.Generation) float64 { return g.Gate.FactRecall }},
	{"mrr", func(g records.Generation) float64 { return g.Gate.MRR }},
}

// GroupOf is a generation's group: its fixture group, or, for fixtures
// written before groups existed, its category.
func GroupOf(g records.Generation) string {
	if g.FixGroup != "" {
		return g.FixGroup
	}
	return g.Group
}

// Compute returns the rows of run 1's generations (the gate is
// deterministic; later runs repeat it): per app in order of apps, the app
// as a whole and then each of its groups. A fixture missing in a mode is
// left out of that mode's figures and of the comparisons that need it.
func Compute(gens []records.Generation, apps []string) []Row {
	type key struct{ app, group string }
	byKey := map[key]map[string]map[string]records.Generation{} // → mode → fixture
	groupsOf := map[string]map[string]bool{}
	for _, g := range gens {
		if g.Run != 1 {
			continue
		}
		for _, grp := range []string{GroupAll, GroupOf(g)} {
			k := key{g.App, grp}
			if byKey[k] == nil {
				byKey[k] = map[string]map[string]records.Generation{}
			}
			if byKey[k][g.Mode] == nil {
				byKey[k][g.Mode] = map[string]records.Generation{}
			}
			byKey[k][g.Mode][g.Fixture] = g
		}
		if groupsOf[g.App] == nil {
			groupsOf[g.App] = map[string]bool{}
		}
		groupsOf[g.App][GroupOf(g)] = true
	}
	var rows []Row
	for _, app := range apps {
		for _, grp := range ordered(groupsOf[app]) {
			rows = append(rows, row(app, grp, byKey[key{app, grp}]))
		}
	}
	return rows
}

// ordered returns GroupAll and the groups present, in report order.
func ordered(present map[string]bool) []string {
	if len(present) == 0 {
		return nil
	}
	out := []string{GroupAll}
	seen := map[string]bool{GroupAll: true}
	for _, g := range groupOrder {
		if present[g] && !seen[g] {
			out, seen[g] = append(out, g), true
		}
	}
	var rest []string
	for g := range present {
		if !seen[g] {
			rest = append(rest, g)
		}
	}
	sortStrings(rest)
	return append(out, rest...)
}

// row computes one app and group from its generations by mode and
// fixture.
func row(app, group string, byMode map[string]map[string]records.Generation) Row {
	r := Row{App: app, Group: group}
	fixtures := map[string]bool{}
	for _, m := range byMode {
		for id := range m {
			fixtures[id] = true
		}
	}
	r.N = len(fixtures)
	seed := seedOf(app + "/" + group)
	for _, mode := range Modes {
		r.Modes = append(r.Modes, figures(mode, byMode[mode], seed))
	}
	for _, p := range Pairs {
		for _, m := range metrics {
			r.Diffs = append(r.Diffs, diff(m.name, m.value, p[0], p[1], byMode[p[0]], byMode[p[1]], seed))
		}
	}
	return r
}

// figures are one mode's figures over its generations.
func figures(mode string, gens map[string]records.Generation, seed uint64) ModeFigures {
	f := ModeFigures{Mode: mode}
	var recall, rr []float64
	var ranks []int
	fix, chunk := 0, 0
	for _, id := range sortedIDs(gens) {
		g := gens[id]
		if g.Gate.FixLocationInPrompt {
			fix++
		}
		if g.Gate.FixRank > 0 {
			chunk++
			ranks = append(ranks, g.Gate.FixRank)
		}
		recall = append(recall, g.Gate.FactRecall)
		rr = append(rr, g.Gate.MRR)
	}
	n := len(gens)
	f.FixInPrompt = rate(fix, n)
	f.FixChunk = rate(chunk, n)
	f.FactRecall = mean(recall, seed)
	f.MRR = mean(rr, seed+1)
	f.MedianRank = medianInt(ranks)
	return f
}

// diff compares a metric between two modes over the fixtures both have.
func diff(name string, value func(records.Generation) float64, more, less string, a, b map[string]records.Generation, seed uint64) Diff {
	d := Diff{Metric: name, More: more, Less: less}
	var ds []float64
	for _, id := range sortedIDs(a) {
		gb, ok := b[id]
		if !ok {
			continue
		}
		x := value(a[id]) - value(gb)
		ds = append(ds, x)
		switch {
		case x > 1e-12:
			d.Better++
		case x < -1e-12:
			d.Worse++
		default:
			d.Ties++
		}
	}
	d.N = len(ds)
	d.Mean, d.Lo, d.Hi = stats.Bootstrap(ds, seed+2)
	d.SignP = stats.SignTest(d.Better, d.Worse)
	return d
}

func rate(k, n int) Rate {
	r := Rate{K: k, N: n}
	if n > 0 {
		r.Value = float64(k) / float64(n)
	}
	r.Lo, r.Hi = stats.Wilson(k, n)
	return r
}

func mean(xs []float64, seed uint64) Mean {
	m := Mean{N: len(xs)}
	m.Value, m.Lo, m.Hi = stats.Bootstrap(xs, seed)
	return m
}

// seedOf derives a bootstrap seed from a row's name, so that every row
// resamples independently and reproducibly.
func seedOf(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
