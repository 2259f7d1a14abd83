package reportgen

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
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
		add("generator", fmt.Sprintf("%s (%s %s)", info.Generator, info.GeneratorProvider, info.GeneratorModel))
		judgeModel := info.JudgeModel
		if judgeModel == "" {
			judgeModel = "off"
		}
		add("judge", judgeModel)
		add("runs / judge reps / both orders", fmt.Sprintf("%d / %d / %v", info.Runs, info.JudgeReps, info.BothOrders))
		add("seed", strconv.FormatInt(info.Seed, 10))
		add("git revision", fmt.Sprintf("%.12s (dirty: %v)", info.GitRevision, info.GitDirty))
		add("source tree / fixtures / index", fmt.Sprintf("%.12s / %.12s / %.12s", info.SourceTreeHash, info.FixturesHash, info.IndexHash))
	}
	if s.In.Seconds > 0 {
		add("time", fmt.Sprintf("%.1fs", s.In.Seconds))
	}
	if s.In.Stale != "" {
		head.notes = append(head.notes, s.In.Stale)
	}
	ts = append(ts, head)

	g := table{title: "Layer 1: retrieval gate (run 1; means over fixtures)",
		header: []string{"group", "mode", "n", "fix location in prompt", "fact recall", "hit@k", "MRR", "prompt chars", "est. tokens"}}
	for _, t := range s.Totals {
		g.rows = append(g.rows, []string{t.Group, t.Mode, itoa(t.N), pct(t.FixLocationInPrompt, t.N),
			fmt.Sprintf("%.2f", t.FactRecall), rag(t.Mode, pct(t.HitAtK, t.N)), rag(t.Mode, fmt.Sprintf("%.2f", t.MRR)),
			fmt.Sprintf("%.0f", t.PromptChars), fmt.Sprintf("%.0f", t.EstTokens)})
	}
	if len(s.In.Leaks) == 0 {
		g.notes = append(g.notes, "Leak gate: PASS (no planted secret in any prompt, report, page, explanation or stored trace).")
	} else {
		g.notes = append(g.notes, fmt.Sprintf("Leak gate: FAIL (%d finding(s)).", len(s.In.Leaks)))
		for _, l := range s.In.Leaks {
			g.notes = append(g.notes, "  leak: "+l.Secret+" in "+l.Where)
		}
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
		if len(s.In.Missing) > 0 {
			g.notes = append(g.notes, "Not measured this time: "+strings.Join(s.In.Missing, ", "))
		}
	}
	ts = append(ts, g)

	pf := table{title: "Layer 1 per fixture (run 1)", header: []string{"fixture", "group", "plain: fix / facts", "rag: fix / facts / rank", "judge excerpt seen by rag"}}
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
			if mode == "rag" {
				c += fmt.Sprintf(" / %d of %d", m.FixRank, m.K)
			}
			return c
		}
		group := ""
		for _, i := range byFix[id] {
			group = s.Metrics[i].Group
		}
		pf.rows = append(pf.rows, []string{id, group, cell("plain"), cell("rag"), fmt.Sprintf("%.0f%%", 100*s.Overlap[id])})
	}
	pf.notes = append(pf.notes, "rank 0 means the fix-location chunk was not retrieved. The last column is the overlap bias: the share of the judge's excerpt lines that RAG-on's context already held.")
	ts = append(ts, pf)

	ck := table{title: "Layer 2: mechanical claim checker (whole module; all runs)",
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

	if len(s.In.Rows.Judgments) > 0 {
		jt := table{title: "Layer 3: LLM judge, per question (yes / scored judgments)",
			header: []string{"group", "mode", "identifies cause", "points to fix location", "fix would work", "written for learner", "no fabrication", "claims verified / contradicted / absent", "uncited verdicts"}}
		for _, r := range s.Judge {
			jt.rows = append(jt.rows, []string{r.Group, r.Mode, pct(r.IdentifiesCause, r.Sides), pct(r.PointsToFixLocation, r.Sides),
				pct(r.FixWouldWork, r.Sides), pct(r.WrittenForLearner, r.Sides), pct(r.NoFabrication, r.Sides),
				fmt.Sprintf("%d / %d / %d", r.Verified, r.Contradicted, r.Absent), itoa(r.Uncited)})
		}
		ts = append(ts, jt)

		w := table{title: "Layer 3: winners", header: []string{"group", "judgments", "failed", "rag wins", "plain wins", "ties"}}
		for _, g := range Groups {
			t := s.Tallies[g]
			if t.Withheld {
				w.rows = append(w.rows, []string{g, itoa(t.Total), itoa(t.Failed), "withheld", "withheld", "withheld"})
			} else {
				w.rows = append(w.rows, []string{g, itoa(t.Total), itoa(t.Failed), itoa(t.RAG), itoa(t.Plain), itoa(t.Tie)})
			}
		}
		if s.Tallies["all"].Withheld {
			w.notes = append(w.notes, fmt.Sprintf("More than a third of the judgments failed (%d of %d): no winner tallies are reported. Read errors.jsonl and the raw answers in traces/.", s.Failed, s.JudgeN))
		}
		if s.Pairs > 0 {
			w.notes = append(w.notes, fmt.Sprintf("Position consistency: %d of %d comparisons judged in both orders named the same winner.", s.Agree, s.Pairs))
		}
		if s.TruncJ > 0 || s.InTrunc > 0 {
			w.notes = append(w.notes, fmt.Sprintf("Left out of tallies: %d judge answer(s) cut at the token limit, %d judgment(s) of a cut-off explanation.", s.TruncJ, s.InTrunc))
		}
		for _, f := range s.Failures {
			w.notes = append(w.notes, fmt.Sprintf("judge failure: %s run %d rep %d (%s): %s", f.Fixture, f.Run, f.Rep, f.Order, f.Failure))
		}
		ts = append(ts, w)

		fb := table{title: "Fabrication, layer 2 and layer 3 side by side (all groups)",
			header: []string{"mode", "checker: explanations with a fabrication", "checker: fabricated claims", "judge: sides failing no_fabrication", "judge: contradicted claims"}}
		for _, m := range Modes {
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
	}

	cost := table{title: "Latency and cost", header: []string{"what", "value"}}
	cost.rows = append(cost.rows,
		[]string{"generation p50, plain", fmt.Sprintf("%d ms", s.LatencyP50["plain"])},
		[]string{"generation p50, rag", fmt.Sprintf("%d ms", s.LatencyP50["rag"])},
		[]string{"judge p50", fmt.Sprintf("%d ms", s.JudgeP50)},
		[]string{"generator cost", fmt.Sprintf("$%.4f", s.GenCost)},
		[]string{"judge cost", fmt.Sprintf("$%.4f", s.JudgeCost)},
		[]string{"embeddings cost", "$0.0000 (offline hash embedder)"},
	)
	if len(s.ErrorStages) > 0 {
		var parts []string
		for _, k := range sortedStrings(s.ErrorStages) {
			parts = append(parts, fmt.Sprintf("%s: %d", k, s.ErrorStages[k]))
		}
		cost.notes = append(cost.notes, "Errors (errors.jsonl, never scored): "+strings.Join(parts, ", "))
	}
	if !s.In.Judged && len(s.In.Rows.Judgments) == 0 {
		cost.notes = append(cost.notes, EnableJudgeHint)
	}
	ts = append(ts, cost)
	return ts
}

func sortedStrings(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func rag(mode, v string) string {
	if mode != "rag" {
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
