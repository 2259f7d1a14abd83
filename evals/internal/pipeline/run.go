package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Exit codes of a run.
const (
	ExitOK     = 0
	ExitFailed = 1 // a gate failed: a regression or a leak
	ExitError  = 2 // the run could not be made
)

// Orders of a comparison.
const (
	OrderRAGFirst    = "rag-first"
	OrderStaticFirst = "static-first"
)

// modes are the context modes every fixture is generated in. The judge
// compares rag with static: retrieval against the strongest context that
// needs no index. Plain is measured by the free layers.
var modes = []string{report.ModePlain, report.ModeStatic, report.ModeRAG}

// Run runs the evaluation and returns the process exit code.
func Run(ctx context.Context, o Options) int {
	if err := o.validate(); err != nil {
		fmt.Fprintln(o.Stderr, "evals:", err)
		return ExitError
	}
	code, err := run(ctx, &o)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals:", err)
		return ExitError
	}
	return code
}

type runner struct {
	o       *Options
	dir     *records.Dir
	info    *records.RunInfo
	fixes   []fixture.Fixture
	apps    []harness.App
	appOf   map[string]string
	secrets []fixture.Secret
	sc      *scorer
	done    map[string]bool
	rows    *records.Rows
	judge   *judge.Client
	prov    *provenance
	// judge2 is the optional second judge, nil when none is configured.
	judge2 *judge.Client
}

func run(ctx context.Context, o *Options) (int, error) {
	began := time.Now()
	af, err := loadAppFixtures(o.Root, o.FixturesPath, o.Apps)
	if err != nil {
		return 0, err
	}
	ff := af.file
	fixes, err := selectFixtures(ff, o.Fixtures)
	if err != nil {
		return 0, err
	}
	dir, err := records.Open(o.Out)
	if err != nil {
		return 0, err
	}
	r := &runner{o: o, dir: dir, fixes: fixes, apps: af.appsOf(fixes), appOf: af.appOf, secrets: ff.PlantedSecrets}
	if o.Judge.Enabled() {
		o.Judge.Seed = o.Seed
		r.judge = judge.NewClient(o.Judge)
		if o.Judge2.Enabled() {
			o.Judge2.Seed = o.Seed
			r.judge2 = judge.NewClient(o.Judge2)
		}
	}

	treeHash, err := TreeHash(o.Root)
	if err != nil {
		return 0, err
	}
	gradersHash, err := records.GradersHash(o.Root)
	if err != nil {
		return 0, err
	}
	fixturesHash, err := records.FileHash(o.FixturesPath)
	if err != nil {
		return 0, err
	}
	prev, resuming, err := dir.ReadRun()
	if err != nil {
		return 0, err
	}
	if resuming {
		if err := compatible(prev, o, treeHash, fixturesHash); err != nil {
			return 0, err
		}
		fmt.Fprintf(o.Stdout, "Resuming the run in %s\n", o.Out)
	}

	// Build the indexes (one per app, from its own source) and load the
	// module at the same time: both are the slow part of a run.
	var (
		m       *source.Module
		loadErr error
	)
	loaded := make(chan struct{})
	go func() {
		defer close(loaded)
		m, loadErr = source.Load(o.Root, harness.Patterns(af.apps)...)
	}()
	appRuns, buildErr := r.buildIndexes(ctx, af, resuming)
	<-loaded
	if buildErr != nil {
		return 0, buildErr
	}
	if loadErr != nil {
		return 0, loadErr
	}
	// The run's own index fields describe the first app's (the blog's,
	// as before there were two).
	first := appRuns[0]
	indexHash := first.IndexHash
	if resuming {
		if err := sameIndexes(prev, appRuns, o.Out); err != nil {
			return 0, err
		}
	}
	r.sc = newScorer(m, ff.PlantedSecrets)
	if r.prov, err = newProvenance(r.appIndexes()); err != nil {
		return 0, err
	}
	defer r.prov.close()

	h, err := harness.Start(harness.Config{Apps: r.appIndexes(), Generator: r.generatorConfig()})
	if err != nil {
		return 0, err
	}
	provName, provModel := h.Provider()
	h.Close()

	if resuming {
		r.info = prev
	} else {
		rev, dirty := records.GitRevision(o.Root)
		r.info = &records.RunInfo{
			Started:           began.UTC().Format(time.RFC3339),
			GoVersion:         runtime.Version(),
			GitRevision:       rev,
			GitDirty:          dirty,
			SourceTreeHash:    treeHash,
			GradersHash:       gradersHash,
			FixturesFile:      relTo(o.Root, o.FixturesPath),
			FixturesHash:      fixturesHash,
			IndexFile:         first.IndexFile,
			IndexHash:         indexHash,
			IndexChunks:       first.IndexChunks,
			Apps:              appRuns,
			Embedder:          "hash",
			Generator:         o.Generator,
			GeneratorProvider: provName,
			GeneratorModel:    provModel,
			GeneratorBaseURL:  o.Model.BaseURL,
			Prices:            map[string]records.Price{},
			Modes:             modes,
			Seed:              o.Seed,
			Runs:              o.Runs,
			JudgeReps:         o.JudgeReps,
			BothOrders:        o.BothOrders,
			Args:              o.Args,
		}
		if provName != "offline" {
			r.info.Prices["generator:"+provModel] = o.GeneratorPrice
		}
		if r.judge != nil {
			r.info.JudgeModel, r.info.JudgeBaseURL = o.Judge.Model, o.Judge.BaseURL
			r.info.Prices["judge:"+o.Judge.Model] = o.JudgePrice
			if r.judge2 != nil {
				r.info.Judge2Model, r.info.Judge2BaseURL = o.Judge2.Model, o.Judge2.BaseURL
				r.info.Prices["judge2:"+o.Judge2.Model] = o.Judge2Price
			}
		}
		for _, fx := range fixes {
			r.info.Fixtures = append(r.info.Fixtures, fx.ID)
		}
		if err := dir.WriteRun(r.info); err != nil {
			return 0, err
		}
	}

	if r.rows, err = dir.ReadResults(); err != nil {
		return 0, err
	}
	if r.rows.TornLine > 0 {
		fmt.Fprintf(o.Stderr, "evals: %s line %d is torn (the run stopped while writing it): ignored, its item runs again\n", records.ResultsFile, r.rows.TornLine)
	}
	r.done = r.rows.Keys()

	for run := 1; run <= o.Runs; run++ {
		if err := r.runOnce(ctx, run); err != nil {
			return 0, err
		}
	}
	// Redaction is probed directly on every path, whatever the fixtures
	// happened to retrieve.
	if r.info.LeakProbe, err = r.leakProbe(ctx); err != nil {
		return 0, err
	}
	r.info.ServedModels = servedModels(r.rows)
	r.info.Finished = time.Now().UTC().Format(time.RFC3339)
	if err := dir.WriteRun(r.info); err != nil {
		return 0, err
	}
	return finish(o, dir, r.info, r.sc, r.judge != nil, time.Since(began))
}

func (r *runner) generatorConfig() harness.Generator {
	g := r.o.Model
	if r.o.Generator != GenNormal {
		g.Offline = true
	}
	return g
}

// compatible refuses to resume a run made from other evidence or flags.
func compatible(prev *records.RunInfo, o *Options, treeHash, fixturesHash string) error {
	switch {
	case prev.SourceTreeHash != treeHash:
		return fmt.Errorf("%s was made from another source tree (%.12s, now %.12s): start a new run with another -out", o.Out, prev.SourceTreeHash, treeHash)
	case prev.FixturesHash != fixturesHash:
		return fmt.Errorf("%s was made from another fixtures file: start a new run", o.Out)
	case prev.Generator != o.Generator || prev.Seed != o.Seed || prev.BothOrders != o.BothOrders:
		return fmt.Errorf("%s was made with other flags (mode %s, seed %d, both orders %v): resume it with the same ones", o.Out, prev.Generator, prev.Seed, prev.BothOrders)
	case o.Judge.Enabled() && prev.JudgeModel != "" && prev.JudgeModel != o.Judge.Model:
		return fmt.Errorf("%s was judged by %s, not %s", o.Out, prev.JudgeModel, o.Judge.Model)
	}
	return nil
}

func selectFixtures(ff *fixture.File, ids []string) ([]fixture.Fixture, error) {
	if len(ids) == 0 {
		return ff.Fixtures, nil
	}
	var out []fixture.Fixture
	for _, id := range ids {
		fx := ff.ByID(id)
		if fx == nil {
			return nil, fmt.Errorf("-fixture %q: no such fixture in the fixtures file", id)
		}
		out = append(out, *fx)
	}
	return out, nil
}

func relTo(root, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}

// runOnce makes one run: fresh apps (so no explanation is cached across
// runs), every fixture in every mode, then the judge.
func (r *runner) runOnce(ctx context.Context, run int) error {
	h, err := harness.Start(harness.Config{Apps: r.appIndexes(), Generator: r.generatorConfig()})
	if err != nil {
		return err
	}
	defer h.Close()
	for _, fx := range r.fixes {
		gens := map[string]*records.Generation{}
		for _, mode := range modes {
			key := records.GenerationKey(fx.ID, mode, run)
			if r.done[key] {
				gens[mode] = r.findGeneration(key)
				continue
			}
			g, err := r.generate(ctx, h, fx, mode, run)
			if err != nil {
				r.dir.AppendError(records.ErrorRow{Stage: "generate", Fixture: fx.ID, Mode: mode, Run: run, Error: err.Error()})
				fmt.Fprintf(r.o.Stderr, "evals: %s/%s run %d: %v\n", fx.ID, mode, run, err)
				continue
			}
			if err := r.dir.AppendResult(g); err != nil {
				return err
			}
			r.rows.Generations = append(r.rows.Generations, *g)
			r.done[key] = true
			gens[mode] = g
		}
		if r.judge != nil {
			r.judgeFixture(ctx, fx, run, gens)
		}
	}
	return nil
}

func (r *runner) findGeneration(key string) *records.Generation {
	for i := range r.rows.Generations {
		if r.rows.Generations[i].Key() == key {
			return &r.rows.Generations[i]
		}
	}
	return nil
}

// generate triggers one fixture in one mode and stores and scores what the
// middleware produced.
func (r *runner) generate(ctx context.Context, h *harness.Harness, fx fixture.Fixture, mode string, run int) (*records.Generation, error) {
	c, err := h.TriggerApp(ctx, r.appOf[fx.ID], fx, mode, run == 1)
	if err != nil {
		return nil, err
	}
	rep := c.Report.Report()
	if rep.Mode != mode {
		return nil, fmt.Errorf("asked for the %s context, the middleware used %q: %v", mode, rep.Mode, rep.Notices)
	}
	ex := rep.Explanation
	if r.o.Generator == GenNormal {
		if ex.Error != "" {
			return nil, fmt.Errorf("generator: %s", ex.Error)
		}
		if ex.Provider != "offline" && !judge.SameModel(r.info.GeneratorModel, ex.Model) {
			return nil, fmt.Errorf("generator: asked for model %q, the server served %q", r.info.GeneratorModel, ex.Model)
		}
	}
	text := ex.Text
	switch r.o.Generator {
	case GenOracle:
		text = fx.Reference
	case GenNull:
		text = ""
	case GenCopy:
		text = copyText(rep)
	}
	traceRel := fmt.Sprintf("%s/run%d/%s", fx.ID, run, mode)
	files := map[string][]byte{
		"report.json":       c.RawReport,
		"prompt_system.txt": []byte(rep.Prompt.System),
		"prompt_user.txt":   []byte(rep.Prompt.User),
		"explanation.md":    []byte(text),
	}
	if ctxJSON, err := json.MarshalIndent(rep.Context, "", "  "); err == nil {
		files["context.json"] = ctxJSON
	}
	if c.Page != nil {
		files["page.html"] = c.Page
	}
	var traceDir string
	for _, name := range sortedKeys(files) {
		if traceDir, err = r.dir.WriteTrace(traceRel, name, files[name]); err != nil {
			return nil, err
		}
	}
	g := &records.Generation{
		Kind:        records.KindGeneration,
		Fixture:     fx.ID,
		Group:       fx.Category,
		App:         r.appOf[fx.ID],
		FixGroup:    fx.Group,
		Mode:        mode,
		ReportMode:  rep.Mode,
		Run:         run,
		Generator:   r.o.Generator,
		Provider:    ex.Provider,
		Model:       ex.Model,
		Status:      c.Status,
		Explanation: text,
		Truncated:   ex.Truncated && r.o.Generator == GenNormal,
		DurationMS:  ex.DurationMS,
		CostUSD:     ex.CostUSD,
		Notices:     rep.Notices,
		TraceDir:    traceDir,
	}
	if ex.Usage != nil {
		g.PromptTokens, g.CompletionTokens = ex.Usage.PromptTokens, ex.Usage.CompletionTokens
	}
	r.sc.scoreGeneration(g, generationInput{fx: fx, mode: mode, rep: rep, rawReport: c.RawReport, page: c.Page, explanation: text})
	if g.Provenance, err = r.prov.check(ctx, r.appOf[fx.ID], mode, rep); err != nil {
		return nil, err
	}
	return g, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// judgeInput is what the judge of one comparison is shown, stored with the
// trace.
type judgeInput struct {
	Input   judge.Input `json:"input"`
	Citable []string    `json:"citable"`
	AMode   string      `json:"a_mode"`
	NamesA  bool        `json:"names_code_a"`
	NamesB  bool        `json:"names_code_b"`
}

func (r *runner) judgeOne(ctx context.Context, it judgeItem) (*records.Judgment, error) {
	fx, run, rep, order, static, rag := it.fx, it.run, it.rep, it.order, it.static, it.rag
	userPrompt, err := r.dir.ReadTrace(static.TraceDir, "prompt_user.txt")
	if err != nil {
		return nil, err
	}
	rawReport, err := r.dir.ReadTrace(static.TraceDir, "report.json")
	if err != nil {
		return nil, err
	}
	var staticRep report.Report
	if err := json.Unmarshal(rawReport, &staticRep); err != nil {
		return nil, err
	}
	ex := r.sc.excerpt(fx, &staticRep)
	trace := judge.TraceSection(string(userPrompt))
	a, b, aMode := it.sides()
	in := judgeInput{
		Input: judge.Input{
			Trace:       trace,
			Cause:       fx.Cause,
			FixLocation: locationText(fx.FixLocation),
			Excerpt:     ex.Text,
			A:           a.Explanation,
			B:           b.Explanation,
		},
		Citable: judge.CitableLines(trace, ex.Lines),
		AMode:   aMode,
		NamesA:  namesCode(a.Explanation),
		NamesB:  namesCode(b.Explanation),
	}
	user := judge.User(in.Input)
	traceRel := fmt.Sprintf("%s/run%d/judge%s-rep%d-%s", fx.ID, run, it.who, rep, order)
	inJSON, _ := json.MarshalIndent(in, "", "  ")
	traceDir, err := r.dir.WriteTrace(traceRel, "input.json", inJSON)
	if err != nil {
		return nil, err
	}
	r.dir.WriteTrace(traceRel, "system.txt", []byte(judge.System))
	r.dir.WriteTrace(traceRel, "user.txt", []byte(user))

	ans, callErr := it.client.Judge(ctx, judge.System, user)
	ansJSON, _ := json.MarshalIndent(ans, "", "  ")
	r.dir.WriteTrace(traceRel, "answer.json", ansJSON)
	r.dir.WriteTrace(traceRel, "raw.txt", []byte(ans.Text))
	if callErr != nil {
		return nil, callErr
	}
	j := &records.Judgment{
		Kind:           records.KindJudgment,
		Fixture:        fx.ID,
		Group:          fx.Category,
		Run:            run,
		Rep:            rep,
		AMode:          aMode,
		Order:          order,
		Control:        order == records.OrderControl,
		Judge:          it.who,
		Model:          ans.Model,
		DurationMS:     ans.DurationMS,
		PromptTokens:   ans.PromptTokens,
		OutputTokens:   ans.OutputTokens,
		CostUSD:        it.price.Cost(ans.PromptTokens, ans.OutputTokens),
		TraceDir:       traceDir,
		Truncated:      ans.Truncated(),
		InputTruncated: static.Truncated || rag.Truncated,
	}
	scoreJudgment(j, ans.Text, in)
	return j, nil
}

// scoreJudgment parses a raw answer into j (shared by run and regrade).
func scoreJudgment(j *records.Judgment, raw string, in judgeInput) {
	j.Judgment, j.Failed, j.Failure, j.WinnerMode = nil, false, "", ""
	if j.Identical {
		j.WinnerMode = judge.WinnerTie
		return
	}
	parsed, err := judge.Parse(judge.ParseInput{Raw: raw, Citable: in.Citable, NamesCodeA: in.NamesA, NamesCodeB: in.NamesB})
	// A cut-off answer, and a judgment of a cut-off explanation, are
	// failed judgments: leaving them out would hide them from both sides
	// of the failure rule.
	switch {
	case j.Truncated:
		j.Failed, j.Failure = true, "the judge's answer was cut at the token limit (finish_reason length)"
	case j.InputTruncated:
		j.Failed, j.Failure = true, "an explanation judged was cut at the token limit"
	case err != nil:
		j.Failed, j.Failure = true, err.Error()
	}
	if err != nil {
		return
	}
	j.Judgment = parsed
	switch {
	case j.Failed:
	case j.Control:
		j.WinnerMode = parsed.Winner
	default:
		j.WinnerMode = winnerMode(parsed.Winner, j.AMode)
	}
}

// judgedOther returns the mode judged against mode: rag and static are
// compared.
func judgedOther(mode string) string {
	if mode == report.ModeRAG {
		return report.ModeStatic
	}
	return report.ModeRAG
}

// winnerMode maps a judge's winner to a mode given which mode was A.
func winnerMode(winner, aMode string) string {
	switch winner {
	case judge.WinnerA:
		return aMode
	case judge.WinnerB:
		return judgedOther(aMode)
	}
	return judge.WinnerTie
}

func locationText(l fixture.Location) string {
	switch {
	case l.Function != "":
		return fmt.Sprintf("%s, function %s", l.File, l.Function)
	case l.Template != "":
		return fmt.Sprintf("%s, template %s", l.File, l.Template)
	}
	return l.File
}

// finish runs the gates over the stored run and writes the reports.
func finish(o *Options, dir *records.Dir, info *records.RunInfo, sc *scorer, judged bool, took time.Duration) (int, error) {
	rows, err := dir.ReadResults()
	if err != nil {
		return 0, err
	}
	errs, err := dir.ReadErrors()
	if err != nil {
		return 0, err
	}
	leaks, err := gate.ScanDir(filepath.Join(dir.Path, records.TracesDir), sc.secrets)
	if err != nil {
		return 0, err
	}
	for _, g := range rows.Generations {
		leaks = append(leaks, g.Leaks...)
	}
	metrics := firstRunMetrics(rows)
	out := outcome{leaks: leaks, judged: judged, took: took}
	// Every fixture × mode × run must have been measured; a missing row is
	// a failure, never a silent gap in the totals.
	out.missing = records.MissingGenerations(rows, errs, info.Fixtures, modes, info.Runs)
	out.leakNotes = records.LeakNotes(info, rows, len(o.Fixtures) == 0)
	out.selfChecks, out.selfCheckFailures = selfChecks(info, rows)
	out.provenance = provenanceFailures(rows)
	if o.Baseline != "" {
		if o.UpdateBaseline || o.ExtendBaseline {
			if len(leaks) > 0 || len(out.leakNotes) > 0 {
				return 0, errors.New("not updating the baseline: the leak gate failed")
			}
			if len(out.missing) > 0 {
				return 0, fmt.Errorf("not updating the baseline: %d row(s) missing, errored or not measured: %s", len(out.missing), strings.Join(out.missing, "; "))
			}
			if fails := append(out.selfCheckFailures, out.provenance...); len(fails) > 0 {
				return 0, fmt.Errorf("not updating the baseline: the self-checks or the provenance checks failed: %s", strings.Join(fails, "; "))
			}
			if o.ExtendBaseline {
				note := fmt.Sprintf("entries it lacked added by go run ./evals -extend-baseline from source tree %.12s (git %.12s), generator %s/%s", info.SourceTreeHash, info.GitRevision, info.GeneratorProvider, info.Generator)
				added, err := gate.ExtendBaseline(o.Baseline, note, metrics)
				if err != nil {
					return 0, err
				}
				out.baselineNote = fmt.Sprintf("%d entries added to %s, its other entries kept", added, o.Baseline)
			} else {
				note := fmt.Sprintf("written by go run ./evals -update-baseline from source tree %.12s (git %.12s), generator %s/%s; do not edit by hand", info.SourceTreeHash, info.GitRevision, info.GeneratorProvider, info.Generator)
				if err := gate.WriteBaseline(o.Baseline, note, generatorName(info), metrics); err != nil {
					return 0, err
				}
				out.baselineNote = "baseline written to " + o.Baseline
			}
		} else {
			base, err := gate.LoadBaseline(o.Baseline)
			if err != nil {
				return 0, err
			}
			regs, missing := gate.Compare(base, metrics, generatorName(info))
			out.regressions = regs
			for _, m := range missing {
				out.missing = append(out.missing, m+": in the baseline, not measured now")
			}
			out.baselineNote = "compared with " + o.Baseline
		}
	}
	if out.stale, err = stale(info, o.Root); err != nil {
		return 0, err
	}
	passed, err := writeReports(o, dir, info, rows, errs, out)
	if err != nil {
		return 0, err
	}
	if !passed {
		return ExitFailed, nil
	}
	return ExitOK, nil
}

// firstRunMetrics are the gate metrics of run 1 (the gate is
// deterministic: later runs repeat them), each with its explanation's
// coverage.
func firstRunMetrics(rows *records.Rows) []gate.Metrics {
	var out []gate.Metrics
	for _, g := range rows.Generations {
		if g.Run == 1 {
			m := g.Gate
			m.Answer = &gate.Answer{FixLocationNamed: g.Coverage.FixLocationNamed, FactsNamed: g.Coverage.FactsNamed, Score: g.Coverage.Score}
			out = append(out, m)
		}
	}
	return out
}

// generatorName names the generator of a run's explanations, as the
// baseline records it: "offline/normal", "openai/oracle".
func generatorName(info *records.RunInfo) string {
	return info.GeneratorProvider + "/" + info.Generator
}
