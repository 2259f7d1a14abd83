package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/pipeline"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// priceFlag parses "INPUT,OUTPUT" dollars per million tokens.
type priceFlag struct{ p *records.Price }

func (f priceFlag) String() string {
	if f.p == nil {
		return ""
	}
	return fmt.Sprintf("%g,%g", f.p.InputPerMTok, f.p.OutputPerMTok)
}

func (f priceFlag) Set(v string) error {
	in, out, ok := strings.Cut(v, ",")
	if !ok {
		return errors.New("want INPUT,OUTPUT in dollars per million tokens")
	}
	a, err1 := strconv.ParseFloat(strings.TrimSpace(in), 64)
	b, err2 := strconv.ParseFloat(strings.TrimSpace(out), 64)
	if err1 != nil || err2 != nil || a < 0 || b < 0 {
		return errors.New("want two non-negative numbers, INPUT,OUTPUT")
	}
	*f.p = records.Price{InputPerMTok: a, OutputPerMTok: b}
	return nil
}

// knownPrices are list prices in dollars per million tokens, used when no
// price flag is given; an unknown model is priced at 0 and said so.
var knownPrices = map[string]records.Price{
	"gpt-4o-mini":                 {InputPerMTok: 0.15, OutputPerMTok: 0.60},
	"gpt-4o":                      {InputPerMTok: 2.50, OutputPerMTok: 10},
	"gpt-4.1-mini":                {InputPerMTok: 0.40, OutputPerMTok: 1.60},
	"anthropic/claude-sonnet-4.5": {InputPerMTok: 3, OutputPerMTok: 15},
}

// run is the command with its environment made explicit, for tests.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(stderr, "evals:", err)
		return pipeline.ExitError
	}
	fixtures := filepath.Join(root, "blogapp", "fixtures.json")
	if len(args) > 0 {
		switch args[0] {
		case "summary", "regrade", "spotcheck":
			return stored(args[0], args[1:], root, fixtures, stdout, stderr)
		case "checkclaims":
			return checkClaims(args[1:], stdout, stderr)
		case "humanreview":
			return humanReview(args[1:], stdout, stderr)
		}
	}

	fs := flag.NewFlagSet("evals", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o pipeline.Options
	var ids, apps listFlag
	judgePrice, genPrice, judge2Price := &records.Price{}, &records.Price{}, &records.Price{}
	var jo pipeline.JudgedOptions
	judged := fs.Bool("judged", false, "a judged run with real models: print a cost estimate, ask to start (or -yes), run -seeds seeds, report them seed by seed and write a human-review sheet")
	fs.IntVar(&jo.Seeds, "seeds", pipeline.MinSeeds, "seeds of a -judged run (at least 3), each run in its own directory")
	fs.BoolVar(&jo.Yes, "yes", false, "start a -judged run without asking")
	fs.IntVar(&jo.ReviewSample, "review-sample", 40, "claims on a -judged run's human-review sheet")
	fs.IntVar(&o.Runs, "runs", 1, "number of runs")
	fs.Var(&ids, "fixture", "fixture `ID` to run (repeatable; default all)")
	fs.Var(&apps, "app", "sample `APP` to run, blogapp or invoiceapp (repeatable; default both)")
	fs.StringVar(&o.Out, "out", "", "run directory (default evals/results/<UTC timestamp>/); an existing one is resumed")
	fs.Int64Var(&o.Seed, "seed", 1, "seed of the A/B order draws and of judge calls")
	fs.IntVar(&o.JudgeReps, "judge-reps", 1, "judge passes per comparison")
	fs.StringVar(&o.Generator, "mode", pipeline.GenNormal, "generator: normal, or the self-checks oracle, null, copy")
	fs.BoolVar(&o.BothOrders, "both-orders", true, "judge every comparison in both A/B orders (a win only when both agree); false judges one order, balanced within each group")
	fs.StringVar(&o.Baseline, "baseline", filepath.Join(root, "evals", "baseline.json"), "gate baseline `FILE`: exit 1 on any regression or unexplained change (\"none\": no baseline)")
	fs.BoolVar(&o.UpdateBaseline, "update-baseline", false, "write the gate's metrics to the -baseline file instead of comparing")
	fs.BoolVar(&o.ExtendBaseline, "extend-baseline", false, "add to the -baseline file the entries it lacks (a new app's), keeping the others, instead of comparing")
	fs.StringVar(&o.FixturesPath, "fixtures", fixtures, "the blog's fixtures `FILE`")
	fs.Var(priceFlag{judgePrice}, "judge-price", "judge price `IN,OUT` in dollars per million tokens (default: the list price of known models)")
	fs.Var(priceFlag{genPrice}, "generator-price", "generator price `IN,OUT` recorded in run.json")
	fs.Var(priceFlag{judge2Price}, "judge2-price", "second judge's price `IN,OUT` in dollars per million tokens")
	if err := fs.Parse(args); err != nil {
		return pipeline.ExitError
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "evals: unexpected argument %q (subcommands: summary, regrade, spotcheck, checkclaims, humanreview)\n", fs.Arg(0))
		return pipeline.ExitError
	}
	if o.Baseline == "none" {
		o.Baseline = ""
	}
	o.Root = root
	o.Fixtures = ids
	o.Apps = apps
	o.Args = append([]string(nil), args...)
	o.Stdout, o.Stderr = stdout, stderr
	if o.Out == "" {
		o.Out = filepath.Join(root, "evals", "results", time.Now().UTC().Format("20060102T150405Z"))
	}
	o.Model = harness.Generator{
		BaseURL: getenv("OPENAI_BASE_URL"),
		APIKey:  getenv("OPENAI_API_KEY"),
		Model:   getenv("EXPLAINERR_MODEL"),
		Offline: strings.EqualFold(getenv("EXPLAINERR_PROVIDER"), "offline"),
	}
	o.Judge = judge.Config{
		Model:   getenv("EXPLAINERR_JUDGE_MODEL"),
		BaseURL: getenv("EXPLAINERR_JUDGE_BASE_URL"),
		APIKey:  getenv("EXPLAINERR_JUDGE_API_KEY"),
	}
	o.Judge2 = judge.Config{
		Model:   getenv("EXPLAINERR_JUDGE2_MODEL"),
		BaseURL: getenv("EXPLAINERR_JUDGE2_BASE_URL"),
		APIKey:  getenv("EXPLAINERR_JUDGE2_API_KEY"),
	}
	o.JudgePrice, o.GeneratorPrice, o.Judge2Price = *judgePrice, *genPrice, *judge2Price
	if *judgePrice == (records.Price{}) {
		o.JudgePrice = knownPrices[o.Judge.Model]
	}
	if *judge2Price == (records.Price{}) {
		o.Judge2Price = knownPrices[o.Judge2.Model]
	}
	if *genPrice == (records.Price{}) {
		model := o.Model.Model
		if model == "" {
			model = "gpt-4o-mini"
		}
		o.GeneratorPrice = knownPrices[model]
	}
	if *judged {
		jo.Confirm = confirmInput
		return pipeline.RunJudged(ctx, o, jo)
	}
	return pipeline.Run(ctx, o)
}

// confirmInput is where a -judged run reads its confirmation (a
// variable so that tests can answer).
var confirmInput io.Reader = os.Stdin

func stored(cmd string, args []string, root, fixtures string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("evals "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	baseline := fs.String("baseline", filepath.Join(root, "evals", "baseline.json"), "gate baseline `FILE` to compare with (summary, regrade; \"none\": no baseline)")
	fixturesPath := fs.String("fixtures", fixtures, "fixtures `FILE`")
	if err := fs.Parse(args); err != nil {
		return pipeline.ExitError
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "usage: go run ./evals %s [-baseline FILE] DIR\n", cmd)
		return pipeline.ExitError
	}
	if *baseline == "none" {
		*baseline = ""
	}
	o := pipeline.StoredOptions{Root: root, FixturesPath: *fixturesPath, Dir: fs.Arg(0), Baseline: *baseline, Stdout: stdout, Stderr: stderr}
	switch cmd {
	case "summary":
		return pipeline.Summary(o)
	case "regrade":
		return pipeline.Regrade(o)
	default:
		return pipeline.Spotcheck(o)
	}
}

// moduleRoot finds the directory of the go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory: run from inside the explainerr module")
		}
		dir = parent
	}
}
