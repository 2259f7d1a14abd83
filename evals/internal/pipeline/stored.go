package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/checker"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/explainerr/report"
)

// StoredOptions configure the subcommands that work on a stored run.
type StoredOptions struct {
	Root         string
	FixturesPath string
	Dir          string
	Baseline     string
	Stdout       io.Writer
	Stderr       io.Writer
}

func openStored(o StoredOptions) (*records.Dir, *records.RunInfo, error) {
	if o.Dir == "" {
		return nil, nil, errors.New("no run directory given")
	}
	if _, err := os.Stat(o.Dir); err != nil {
		return nil, nil, err
	}
	dir := &records.Dir{Path: o.Dir}
	info, ok, err := dir.ReadRun()
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, fmt.Errorf("%s has no %s: not a run directory", o.Dir, records.RunFile)
	}
	return dir, info, nil
}

// Summary prints the reports of a stored run (and rewrites report.md and
// report.html), warning when the source tree changed since it was made.
func Summary(o StoredOptions) int {
	dir, info, err := openStored(o)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals summary:", err)
		return ExitError
	}
	code, err := summarize(o, dir, info)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals summary:", err)
		return ExitError
	}
	return code
}

func summarize(o StoredOptions, dir *records.Dir, info *records.RunInfo) (int, error) {
	ff, err := storedFixtures(o)
	if err != nil {
		return 0, err
	}
	var secrets []string
	for _, s := range ff.PlantedSecrets {
		secrets = append(secrets, s.Value)
	}
	rows, err := dir.ReadResults()
	if err != nil {
		return 0, err
	}
	errs, err := dir.ReadErrors()
	if err != nil {
		return 0, err
	}
	leaks, err := gate.ScanDir(filepath.Join(dir.Path, records.TracesDir), secrets)
	if err != nil {
		return 0, err
	}
	for _, g := range rows.Generations {
		leaks = append(leaks, g.Leaks...)
	}
	out := outcome{leaks: leaks, judged: info.JudgeModel != ""}
	runModes := info.Modes
	if len(runModes) == 0 {
		runModes = modes
	}
	out.missing = records.MissingGenerations(rows, errs, info.Fixtures, runModes, info.Runs)
	out.leakNotes = records.LeakNotes(info, rows, len(info.Fixtures) == len(ff.Fixtures))
	out.selfChecks, out.selfCheckFailures = selfChecks(info, rows)
	out.provenance = provenanceFailures(rows)
	if o.Baseline != "" {
		base, err := gate.LoadBaseline(o.Baseline)
		if err != nil {
			return 0, err
		}
		regs, missing := gate.Compare(base, firstRunMetrics(rows), generatorName(info))
		out.regressions = regs
		for _, m := range missing {
			out.missing = append(out.missing, m+": in the baseline, not measured now")
		}
		out.baselineNote = "compared with " + o.Baseline
	}
	if out.stale, err = stale(info, o.Root); err != nil {
		return 0, err
	}
	ro := &Options{Stdout: o.Stdout, Stderr: o.Stderr}
	passed, err := writeReports(ro, dir, info, rows, errs, out)
	if err != nil {
		return 0, err
	}
	if !passed {
		return ExitFailed, nil
	}
	return ExitOK, nil
}

// Regrade re-scores a stored run with the current graders (gate, leak
// gate, checker, judge parser and citation gate) from its traces, without
// any model call, and rewrites results.jsonl (keeping the old file).
func Regrade(o StoredOptions) int {
	dir, info, err := openStored(o)
	if err == nil {
		err = regrade(o, dir, info)
	}
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals regrade:", err)
		return ExitError
	}
	code, err := summarize(o, dir, info)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals regrade:", err)
		return ExitError
	}
	return code
}

func regrade(o StoredOptions, dir *records.Dir, info *records.RunInfo) error {
	ff, err := storedFixtures(o)
	if err != nil {
		return err
	}
	if h, err := records.FileHash(o.FixturesPath); err == nil && h != info.FixturesHash {
		fmt.Fprintln(o.Stderr, "evals regrade: the fixtures file changed since the run: facts and fix locations are the current ones")
	}
	rows, err := dir.ReadResults()
	if err != nil {
		return err
	}
	m, err := source.Load(o.Root, harness.Patterns(harness.Apps())...)
	if err != nil {
		return err
	}
	sc := newScorer(m, ff.PlantedSecrets)
	for i := range rows.Generations {
		g := &rows.Generations[i]
		fx := ff.ByID(g.Fixture)
		if fx == nil {
			return fmt.Errorf("%s: no such fixture any more", g.Fixture)
		}
		raw, err := dir.ReadTrace(g.TraceDir, "report.json")
		if err != nil {
			return err
		}
		var rep report.Report
		if err := json.Unmarshal(raw, &rep); err != nil {
			return fmt.Errorf("%s/report.json: %w", g.TraceDir, err)
		}
		text, err := dir.ReadTrace(g.TraceDir, "explanation.md")
		if err != nil {
			return err
		}
		page, _ := dir.ReadTrace(g.TraceDir, "page.html")
		g.Explanation = string(text)
		sc.scoreGeneration(g, generationInput{fx: *fx, mode: g.Mode, rep: &rep, rawReport: raw, page: page, explanation: g.Explanation})
	}
	for i := range rows.Judgments {
		j := &rows.Judgments[i]
		if j.Identical {
			continue // a tie recorded without a judge call: nothing to re-score
		}
		inRaw, err := dir.ReadTrace(j.TraceDir, "input.json")
		if err != nil {
			return err
		}
		var in judgeInput
		if err := json.Unmarshal(inRaw, &in); err != nil {
			return fmt.Errorf("%s/input.json: %w", j.TraceDir, err)
		}
		rawAnswer, err := dir.ReadTrace(j.TraceDir, "raw.txt")
		if err != nil {
			return err
		}
		in.NamesA, in.NamesB = namesCode(in.Input.A), namesCode(in.Input.B)
		scoreJudgment(j, string(rawAnswer), in)
	}
	if err := dir.RewriteResults(rows); err != nil {
		return err
	}
	tree, err := TreeHash(o.Root)
	if err != nil {
		return err
	}
	graders, err := records.GradersHash(o.Root)
	if err != nil {
		return err
	}
	info.Regrades = append(info.Regrades, records.Regrade{Time: time.Now().UTC().Format(time.RFC3339), SourceTreeHash: tree, GradersHash: graders})
	if err := dir.WriteRun(info); err != nil {
		return err
	}
	fmt.Fprintf(o.Stdout, "Regraded %d generation(s) and %d judgment(s) in %s without any model call.\n", len(rows.Generations), len(rows.Judgments), dir.Path)
	return nil
}

var spotIdentRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*`)

// Spotcheck lists the verdicts most worth a human look: judge claims
// marked contradicted that name identifiers which do exist in the module
// (the judge may have missed them), judge verdicts whose quote is not in
// what it was shown, and the checker's contradicted claims.
func Spotcheck(o StoredOptions) int {
	dir, info, err := openStored(o)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals spotcheck:", err)
		return ExitError
	}
	if warning, err := stale(info, o.Root); err == nil && warning != "" {
		fmt.Fprintln(o.Stderr, "evals spotcheck: "+warning)
	}
	rows, err := dir.ReadResults()
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals spotcheck:", err)
		return ExitError
	}
	m, err := source.Load(o.Root, harness.Patterns(harness.Apps())...)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals spotcheck:", err)
		return ExitError
	}
	w := o.Stdout
	total, flagged := 0, 0
	var uncited []string // verdicts whose quote the judge was not shown
	fmt.Fprintln(w, "== Judge: contradicted claims that name identifiers existing in the module ==")
	for _, j := range rows.Judgments {
		if j.Judgment == nil {
			continue
		}
		for _, mode := range []string{report.ModeStatic, report.ModeRAG} {
			side := j.SideOf(mode)
			for _, c := range side.Claims {
				total++
				if !c.Cited() {
					uncited = append(uncited, fmt.Sprintf("- %s run %d rep %d, %s side, %s: %q\n  quote: %q\n  trace: %s\n",
						j.Fixture, j.Run, j.Rep, mode, c.Verdict, c.Claim, c.Evidence, j.TraceDir))
					continue // an uncited verdict is no evidence either way
				}
				if c.Verdict != judge.Contradicted {
					continue
				}
				var found []string
				for _, id := range spotIdentRe.FindAllString(c.Claim, -1) {
					name := id
					if i := strings.LastIndex(id, "."); i >= 0 {
						name = id[i+1:]
					}
					if len(name) >= 3 && looksLikeIdent(name) && (len(m.Objects[name]) > 0 || m.TemplateExists(id)) {
						found = append(found, id)
					}
				}
				if len(found) == 0 {
					continue
				}
				flagged++
				fmt.Fprintf(w, "- %s run %d rep %d, %s side: %q\n  evidence: %q (quote found: %v)\n  names that exist: %s\n  trace: %s\n",
					j.Fixture, j.Run, j.Rep, mode, c.Claim, c.Evidence, c.CitationOK, strings.Join(found, ", "), j.TraceDir)
			}
		}
	}
	fmt.Fprintf(w, "%d of %d judge claims flagged.\n", flagged, total)
	fmt.Fprintln(w, "\n== Judge: verdicts that quote a line the judge was not shown (counted neither verified nor contradicted) ==")
	for _, u := range uncited {
		fmt.Fprint(w, u)
	}
	fmt.Fprintf(w, "%d verified/contradicted verdicts quote a line the judge was not shown.\n", len(uncited))

	fmt.Fprintln(w, "\n== Checker: contradicted claims ==")
	n := 0
	for _, g := range rows.Generations {
		for _, c := range g.Claims {
			if c.Verdict == checker.Contradicted {
				n++
				fmt.Fprintf(w, "- %s/%s run %d: %q: %s\n", g.Fixture, g.Mode, g.Run, c.Text, c.Reason)
			}
		}
	}
	fmt.Fprintf(w, "%d contradicted checker claim(s).\n", n)
	return ExitOK
}

// looksLikeIdent keeps names written like code (camelCase, snake_case or
// or starting with a capital, as exported names do), not ordinary words.
func looksLikeIdent(s string) bool {
	if strings.Contains(s, "_") {
		return true
	}
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return s[0] >= 'A' && s[0] <= 'Z'
}

// storedFixtures reads the fixtures of every sample app (the blog's from
// o.FixturesPath), so that a stored run over any of them can be summarised
// and regraded.
func storedFixtures(o StoredOptions) (*fixture.File, error) {
	af, err := loadAppFixtures(o.Root, o.FixturesPath, nil)
	if err != nil {
		return nil, err
	}
	return af.file, nil
}
