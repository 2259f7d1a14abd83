package reportgen

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

func itoa(n int) string { return strconv.Itoa(n) }

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", n, d)
}

// EnableJudgeHint is the line printed when the judge is not configured.
const EnableJudgeHint = "Layer 3 (LLM judge) is off: set EXPLAINERR_JUDGE_MODEL and EXPLAINERR_JUDGE_API_KEY (and EXPLAINERR_JUDGE_BASE_URL for OpenRouter or another OpenAI-compatible server), plus OPENAI_API_KEY / OPENAI_BASE_URL / EXPLAINERR_MODEL for the generator, to run it."

// sections returns the report as titled tables of cells; the text and
// Markdown renderers share it so that they cannot disagree.
type table struct {
	title  string
	header []string
	rows   [][]string
	notes  []string
}

func (s *Summary) tables() []table {
	var ts []table
	info := s.In.Info
	head := table{title: "Run", header: []string{"what", "value"}}
	add := func(k, v string) { head.rows = append(head.rows, []string{k, v}) }
	add("directory", s.In.Dir)
	if info != nil {
		add("generator", GeneratorText(info))
		judgeModel := info.JudgeModel
		if judgeModel == "" {
			judgeModel = "off"
		}
		add("judge", judgeModel)
		if info.Judge2Model != "" {
			add("second judge", info.Judge2Model)
		}
		for _, role := range []string{"generator", "judge", "judge2"} {
			if served := info.ServedModels[role]; len(served) > 0 {
				add("served "+role, strings.Join(served, ", "))
			}
		}
		add("runs / judge reps / both orders", fmt.Sprintf("%d / %d / %v", info.Runs, info.JudgeReps, info.BothOrders))
		add("seed", strconv.FormatInt(info.Seed, 10))
		add("git revision", fmt.Sprintf("%.12s (dirty: %v)", info.GitRevision, info.GitDirty))
		add("product tree / graders / fixtures / index", fmt.Sprintf("%.12s / %.12s / %.12s / %.12s", info.SourceTreeHash, info.GradersHash, info.FixturesHash, info.IndexHash))
		for _, a := range s.appsText() {
			add("app", a)
		}
	}
	if s.In.Seconds > 0 {
		add("time", fmt.Sprintf("%.1fs", s.In.Seconds))
	}
	if b := s.Banner(); b != "" {
		head.notes = append(head.notes, b)
	}
	if s.In.Stale != "" {
		head.notes = append(head.notes, s.In.Stale)
	}
	ts = append(ts, head)

	g := table{title: "Layer 1: retrieval gate (run 1; counts of n fixtures, means over them)",
		header: []string{"group", "mode", "n", "fix location in prompt", "fact recall", "hit@k", "MRR", "prompt chars", "est. tokens"}}
	for _, t := range s.Totals {
		ctx := t.Mode != "plain"
		g.rows = append(g.rows, []string{t.Group, t.Mode, itoa(t.N), pct(t.FixLocationInPrompt, t.N),
			fmt.Sprintf("%.2f", t.FactRecall), onlyIf(ctx, pct(t.HitAtK, t.N)), onlyIf(ctx, fmt.Sprintf("%.2f", t.MRR)),
			fmt.Sprintf("%.0f", t.PromptChars), fmt.Sprintf("%.0f", t.EstTokens)})
	}
	if len(s.In.Leaks) == 0 && len(s.In.LeakNotes) == 0 {
		g.notes = append(g.notes, "Leak gate: PASS (no planted secret in any prompt, report, page, explanation, stored trace or leak probe, and redaction was exercised).")
	} else {
		g.notes = append(g.notes, fmt.Sprintf("Leak gate: FAIL (%d finding(s)).", len(s.In.Leaks)+len(s.In.LeakNotes)))
		for _, l := range s.In.Leaks {
			g.notes = append(g.notes, "  leak: "+l.Secret+" in "+l.Where)
		}
		for _, n := range s.In.LeakNotes {
			g.notes = append(g.notes, "  not exercised: "+n)
		}
	}
	if len(s.In.Missing) > 0 {
		g.notes = append(g.notes, fmt.Sprintf("Rows: FAIL, %d fixture x mode row(s) missing, errored or not measured:", len(s.In.Missing)))
		for _, m := range s.In.Missing {
			g.notes = append(g.notes, "  "+m)
		}
	}
	if len(s.Mismatched) > 0 {
		g.notes = append(g.notes, fmt.Sprintf("Chunks: FAIL, %d chunk(s) of source whose text is not what their heading names:", len(s.Mismatched)))
		for _, m := range s.Mismatched {
			g.notes = append(g.notes, "  "+m)
		}
	}
	if len(s.In.Provenance) > 0 {
		g.notes = append(g.notes, fmt.Sprintf("Provenance: FAIL, %d context(s) not made as their mode makes them:", len(s.In.Provenance)))
		for _, p := range s.In.Provenance {
			g.notes = append(g.notes, "  "+p)
		}
	} else {
		g.notes = append(g.notes, "Provenance: PASS (plain has no source, static is a fresh static computation, rag starts with the static context, covers every app frame the index anchors and adds the index's chunks that fit, and every chunk says where it came from).")
	}
	if s.In.BaselineNote != "" {
		if len(s.In.Regressions) == 0 {
			g.notes = append(g.notes, "Baseline: PASS ("+s.In.BaselineNote+").")
		} else {
			g.notes = append(g.notes, fmt.Sprintf("Baseline: FAIL, %d regression(s) (%s):", len(s.In.Regressions), s.In.BaselineNote))
			for _, r := range s.In.Regressions {
				g.notes = append(g.notes, "  "+r.String())
			}
		}
	}
	ts = append(ts, g)

	modes := s.ShownModes()
	pfHeader := []string{"fixture", "group"}
	for _, m := range modes {
		if m == "plain" {
			pfHeader = append(pfHeader, m+": fix / facts")
		} else {
			pfHeader = append(pfHeader, m+": fix / facts / rank")
		}
	}
	pf := table{title: "Layer 1 per fixture (run 1)", header: append(pfHeader, "judge excerpt seen by rag")}
	byFix := map[string]map[string]int{}
	var ids []string
	for i, m := range s.Metrics {
		if byFix[m.Fixture] == nil {
			byFix[m.Fixture] = map[string]int{}
			ids = append(ids, m.Fixture)
		}
		byFix[m.Fixture][m.Mode] = i
	}
	sort.Strings(ids)
	for _, id := range ids {
		cell := func(mode string) string {
			i, ok := byFix[id][mode]
			if !ok {
				return "-"
			}
			m := s.Metrics[i]
			c := fmt.Sprintf("%s / %d/%d", yn(m.FixLocationInPrompt), m.FactsFound, m.FactsTotal)
			if mode != "plain" {
				c += fmt.Sprintf(" / %d of %d", m.FixRank, m.K)
			}
			return c
		}
		group := ""
		for _, i := range byFix[id] {
			group = s.Metrics[i].Group
		}
		row := []string{id, group}
		for _, m := range modes {
			row = append(row, cell(m))
		}
		overlap := "-"
		if n := s.OverlapLines[id]; n > 0 {
			overlap = fmt.Sprintf("%.0f%% of %d lines", 100*s.Overlap[id], n)
		}
		pf.rows = append(pf.rows, append(row, overlap))
	}
	pf.notes = append(pf.notes, "rank is the place of the first chunk whose text is the fix location's, 0 when none is. The last column is the overlap bias: the share of the judge's excerpt lines that rag's context already held.")
	ts = append(ts, pf)
	ts = append(ts, s.appGroupTables()...)

	cv := table{title: "Coverage: does the explanation name the fix location and the facts (free, deterministic; all runs)",
		header: []string{"group", "mode", "n", "names the fix location", "facts named (mean share)"}}
	for _, t := range s.Coverage {
		cv.rows = append(cv.rows, []string{t.Group, t.Mode, itoa(t.N), pct(t.FixNamedCount, t.N), fmt.Sprintf("%.2f", t.FactsNamed)})
	}
	cv.notes = append(cv.notes, "Coverage reads only the explanation: it says what the text points at, not whether its reasoning holds. "+s.generatorNote())
	cv.notes = append(cv.notes, s.selfCheckNotes()...)
	ts = append(ts, cv)

	ck := table{title: "Layer 2: mechanical claim checker (the sample apps' packages; all runs)",
		header: []string{"group", "mode", "explanations", "claims", "verified", "contradicted", "unknown identifier", "proposed", "explanations with a fabrication"}}
	for _, r := range s.Checker {
		ck.rows = append(ck.rows, []string{r.Group, r.Mode, itoa(r.Explanations), itoa(r.Claims), itoa(r.Verified), itoa(r.Contradicted), itoa(r.Unknown), itoa(r.Proposed), pct(r.WithFabrication, r.Explanations)})
	}
	for _, r := range s.Checker {
		if r.Group == "all" && r.Truncated > 0 {
			ck.notes = append(ck.notes, fmt.Sprintf("%d %s explanation(s) stopped at the token limit: flagged and left out.", r.Truncated, r.Mode))
		}
	}
	ts = append(ts, ck)

	if len(s.In.Rows.Judgments) > 0 || len(s.JudgeErrors) > 0 {
		ts = append(ts, s.judgeTables()...)
	}

	cost := table{title: "Latency and cost", header: []string{"what", "value"}}
	for _, m := range modes {
		cost.rows = append(cost.rows, []string{"generation p50, " + m, fmt.Sprintf("%d ms", s.LatencyP50[m])})
	}
	cost.rows = append(cost.rows,
		[]string{"judge p50", fmt.Sprintf("%d ms", s.JudgeP50)},
		[]string{"generator cost", s.costText(s.GenCost, "generator")},
		[]string{"judge cost", s.costText(s.JudgeCost, "judge")},
		[]string{"embeddings cost", "$0.0000 (offline hash embedder)"},
	)
	if len(s.Unresolved) > 0 || s.Resolved > 0 {
		var parts []string
		for _, k := range sortedStrings(s.ErrorStages) {
			parts = append(parts, fmt.Sprintf("%s: %d", k, s.ErrorStages[k]))
		}
		if len(parts) == 0 {
			parts = append(parts, "none left")
		}
		note := "Errors (errors.jsonl, never scored): " + strings.Join(parts, ", ")
		if s.Resolved > 0 {
			note += fmt.Sprintf(" (%d earlier error(s) left out: their item was made, or failed again, since)", s.Resolved)
		}
		cost.notes = append(cost.notes, note)
	}
	if !s.In.Judged && len(s.In.Rows.Judgments) == 0 {
		cost.notes = append(cost.notes, EnableJudgeHint)
	}
	ts = append(ts, cost)
	return ts
}

// judgeTables are layer 3's tables: per question, winners, and
// fabrication side by side with layer 2.
func (s *Summary) judgeTables() []table {
	var ts []table
	jt := table{title: "Layer 3: LLM judge, per question (yes / scored judgments)",
		header: []string{"group", "mode", "identifies cause", "points to fix location", "fix would work", "written for learner", "no fabrication", "claims verified / contradicted / absent", "uncited verdicts"}}
	for _, r := range s.Judge {
		jt.rows = append(jt.rows, []string{r.Group, r.Mode, pct(r.IdentifiesCause, r.Sides), pct(r.PointsToFixLocation, r.Sides),
			pct(r.FixWouldWork, r.Sides), pct(r.WrittenForLearner, r.Sides), pct(r.NoFabrication, r.Sides),
			fmt.Sprintf("%d / %d / %d", r.Verified, r.Contradicted, r.Absent), itoa(r.Uncited)})
	}
	ts = append(ts, jt)

	judged := s.JudgedModes()
	header := []string{"group", "comparisons", "failed"}
	for _, m := range judged {
		header = append(header, m+" wins")
	}
	header = append(header, "ties", "A wins / B wins")
	w := table{title: "Layer 3: winners", header: header}
	for _, g := range Groups {
		t := s.Tallies[g]
		row := []string{g, itoa(t.Total), itoa(t.Failed)}
		for _, m := range judged {
			row = append(row, withheld(t, pct(t.Wins[m], t.Scored())))
		}
		row = append(row, withheld(t, pct(t.Tie, t.Scored())), withheld(t, fmt.Sprintf("%d / %d", t.FirstWins, t.SecondWins)))
		w.rows = append(w.rows, row)
	}
	if s.JudgeFailed() {
		w.notes = append(w.notes, fmt.Sprintf("Judge: FAIL, no judgment of %d named a winner or a tie. Read errors.jsonl and the raw answers in traces/.", s.JudgeN))
	} else if s.Tallies["all"].Withheld {
		w.notes = append(w.notes, fmt.Sprintf("More than a third of the judgments failed (%d of %d, API errors included): no winner tallies are reported. Read errors.jsonl and the raw answers in traces/.", s.Failed, s.JudgeN))
	}
	w.notes = append(w.notes, "A wins / B wins counts wins by the position shown, whichever mode it held: a gap between them is a position effect.")
	w.notes = append(w.notes, "With both orders judged, a comparison is a win only when both orders named the same mode, otherwise a tie; a comparison with a failed order failed.")
	w.notes = append(w.notes, s.controlNotes()...)
	if s.TruncJ > 0 || s.InTrunc > 0 {
		w.notes = append(w.notes, fmt.Sprintf("Counted as failed: %d judge answer(s) cut at the token limit, %d judgment(s) of a cut-off explanation.", s.TruncJ, s.InTrunc))
	}
	for _, f := range s.Failures {
		w.notes = append(w.notes, fmt.Sprintf("judge failure: %s run %d rep %d (%s): %s", f.Fixture, f.Run, f.Rep, f.Order, f.Failure))
	}
	for _, e := range s.JudgeErrors {
		w.notes = append(w.notes, fmt.Sprintf("judge error: %s run %d rep %d (%s): %s", e.Fixture, e.Run, e.Rep, e.Order, e.Error))
	}
	ts = append(ts, w)

	fb := table{title: "Fabrication, layer 2 and layer 3 side by side (all groups)",
		header: []string{"mode", "checker: explanations with a fabrication", "checker: fabricated claims", "judge: sides failing no_fabrication", "judge: contradicted claims"}}
	for _, m := range judged {
		var c CheckerRow
		var j JudgeRow
		for _, r := range s.Checker {
			if r.Group == "all" && r.Mode == m {
				c = r
			}
		}
		for _, r := range s.Judge {
			if r.Group == "all" && r.Mode == m {
				j = r
			}
		}
		fb.rows = append(fb.rows, []string{m, pct(c.WithFabrication, c.Explanations), itoa(c.Contradicted + c.Unknown), pct(j.Sides-j.NoFabrication, j.Sides), itoa(j.Contradicted)})
	}
	ts = append(ts, fb)
	return ts
}

func withheld(t judge.Tally, v string) string {
	if t.Withheld {
		return "withheld"
	}
	return v
}

// costText shows a cost, or says that the model has no price.
func (s *Summary) costText(cost float64, role string) string {
	info := s.In.Info
	if info == nil {
		return fmt.Sprintf("$%.4f", cost)
	}
	model := info.JudgeModel
	if role == "generator" {
		if info.GeneratorProvider == "offline" || info.Generator != "normal" {
			return "$0.0000 (no model called)"
		}
		model = info.GeneratorModel
	} else if model == "" {
		return "$0.0000 (judge off)"
	}
	if p, ok := info.Prices[role+":"+model]; !ok || p == (records.Price{}) {
		return fmt.Sprintf("unknown: no price for %s (pass -%s-price IN,OUT)", model, role)
	}
	return fmt.Sprintf("$%.4f", cost)
}

// GeneratorText says what produced the explanations.
func GeneratorText(info *records.RunInfo) string {
	switch {
	case info.Generator != "" && info.Generator != "normal":
		return "self-check " + info.Generator + ": " + selfCheckText(info.Generator)
	case info.GeneratorProvider == "offline":
		return "the offline analyzer, a deterministic program (not a language model)"
	default:
		return fmt.Sprintf("model %s (%s provider)", info.GeneratorModel, info.GeneratorProvider)
	}
}

func selfCheckText(mode string) string {
	switch mode {
	case "oracle":
		return "each fixture's reference explanation, written by hand"
	case "null":
		return "empty explanations"
	case "copy":
		return "the prompt's context copied verbatim"
	}
	return "not a generator's output"
}

// Banner is the warning a self-check run carries on every report, "" for
// a normal run.
func (s *Summary) Banner() string {
	info := s.In.Info
	if info == nil || info.Generator == "" || info.Generator == "normal" {
		return ""
	}
	return "SELF-CHECK RUN (" + info.Generator + "): the explanations are " + selfCheckText(info.Generator) +
		", not a model's or the analyzer's. These numbers test the graders, not explainerr."
}

// generatorNote says whose explanations the coverage describes.
func (s *Summary) generatorNote() string {
	if s.In.Info == nil {
		return ""
	}
	return "Explanations by " + GeneratorText(s.In.Info) + "."
}

func sortedStrings(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// onlyIf returns v when ok, "-" otherwise.
func onlyIf(ok bool, v string) string {
	if !ok {
		return "-"
	}
	return v
}

func yn(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// WriteText prints the report as aligned tables.
func (s *Summary) WriteText(w io.Writer) {
	if banner := s.Banner(); banner != "" {
		fmt.Fprintln(w, "\n*** "+banner+" ***")
	}
	for _, t := range s.tables() {
		fmt.Fprintf(w, "\n== %s ==\n", t.title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(t.header, "\t"))
		for _, r := range t.rows {
			fmt.Fprintln(tw, strings.Join(r, "\t"))
		}
		tw.Flush()
		for _, n := range t.notes {
			fmt.Fprintln(w, n)
		}
	}
}

// Markdown returns the report as Markdown.
func (s *Summary) Markdown() string {
	var b strings.Builder
	b.WriteString("# explainerr evaluation report\n")
	if banner := s.Banner(); banner != "" {
		fmt.Fprintf(&b, "\n> **%s**\n", banner)
	}
	for _, t := range s.tables() {
		fmt.Fprintf(&b, "\n## %s\n\n", t.title)
		fmt.Fprintf(&b, "| %s |\n|%s\n", strings.Join(t.header, " | "), strings.Repeat(" --- |", len(t.header)))
		for _, r := range t.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				cells[i] = strings.ReplaceAll(c, "|", "\\|")
			}
			fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
		}
		if len(t.notes) > 0 {
			b.WriteString("\n")
			for _, n := range t.notes {
				fmt.Fprintf(&b, "- %s\n", strings.TrimSpace(n))
			}
		}
	}
	return b.String()
}

// selfCheckNotes are the coverage self-checks' lines: the mean scores by
// mode and whether they hold.
func (s *Summary) selfCheckNotes() []string {
	if len(s.In.SelfChecks) == 0 {
		return nil
	}
	out := []string{"Self-checks (mean score = harmonic mean of precision and recall, run 1): want oracle >= 0.90, null <= 0.10, constant <= null, stuffing < real."}
	for _, t := range s.In.SelfChecks {
		out = append(out, fmt.Sprintf("  %-6s n=%d real %.2f  oracle %.2f  null %.2f  constant %.2f  stuffing %.2f", t.Mode, t.N, t.Real, t.Oracle, t.Null, t.Constant, t.Stuffing))
	}
	if len(s.In.SelfCheckFailures) == 0 {
		return append(out, "Self-checks: PASS.")
	}
	out = append(out, fmt.Sprintf("Self-checks: FAIL, %d failure(s):", len(s.In.SelfCheckFailures)))
	for _, f := range s.In.SelfCheckFailures {
		out = append(out, "  "+f)
	}
	return out
}
