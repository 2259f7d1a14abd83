// Package pipeline runs the evaluation end to end: it builds the index with
// the real indexer, drives the sample apps through the real middleware with
// retrieval off and on, scores every explanation with the free layers
// (retrieval gate, leak gate, mechanical claim checker) and, when a judge
// is configured, the LLM judge; it records everything under the run
// directory and writes the reports. It also re-scores stored runs
// (regrade), summarises them and lists verdicts worth a second look
// (spotcheck).
package pipeline

import (
	"errors"
	"fmt"
	"io"

	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// TreeHash computes the hash of the source tree a run is made from. It is
// a variable so that tests can pin the tree while the files around them
// change.
var TreeHash = records.SourceTreeHash

// stale returns the stale-tree warning for info, "" when the tree matches.
func stale(info *records.RunInfo, root string) (string, error) {
	now, err := TreeHash(root)
	if err != nil {
		return "", err
	}
	return records.Stale(info, now), nil
}

// Generator modes.
const (
	// GenNormal asks the configured model (or the offline analyzer).
	GenNormal = "normal"
	// GenOracle uses each fixture's reference explanation: every layer
	// must score it high.
	GenOracle = "oracle"
	// GenNull uses empty explanations: every layer must score them near
	// zero.
	GenNull = "null"
	// GenCopy uses the context verbatim: nothing fabricated, no fix.
	GenCopy = "copy"
)

// Options configure a run.
type Options struct {
	// Root is the module root; FixturesPath the blog's fixtures file.
	Root         string
	FixturesPath string
	// Apps names the sample apps to run (default: every one).
	Apps []string
	// Out is the run directory; an existing one is resumed.
	Out string

	Runs       int
	Fixtures   []string
	Seed       int64
	JudgeReps  int
	Generator  string
	BothOrders bool

	// Baseline, when set, is compared with the gate's metrics: any
	// regression makes the run fail. UpdateBaseline writes it instead.
	Baseline       string
	UpdateBaseline bool
	// ExtendBaseline adds to the Baseline file the entries it lacks and
	// keeps the others as they are.
	ExtendBaseline bool

	Model harness.Generator
	Judge judge.Config
	// JudgePrice prices the judge's tokens (zero: unknown, costs shown as 0).
	JudgePrice records.Price
	// Judge2 is the optional second judge, of another model family: it
	// judges the same inputs, and its agreement with Judge is reported.
	Judge2      judge.Config
	Judge2Price records.Price
	// GeneratorPrice is recorded with the run's prices.
	GeneratorPrice records.Price

	// Args are the command line, recorded in run.json.
	Args   []string
	Stdout io.Writer
	Stderr io.Writer
}

func (o *Options) validate() error {
	switch o.Generator {
	case "":
		o.Generator = GenNormal
	case GenNormal, GenOracle, GenNull, GenCopy:
	default:
		return fmt.Errorf("-mode %q: use normal, oracle, null or copy", o.Generator)
	}
	if o.Runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	if o.JudgeReps < 1 {
		return errors.New("-judge-reps must be at least 1")
	}
	if o.Out == "" {
		return errors.New("no output directory")
	}
	if o.UpdateBaseline && o.Baseline == "" {
		return errors.New("-update-baseline needs -baseline FILE")
	}
	if o.ExtendBaseline && o.Baseline == "" {
		return errors.New("-extend-baseline needs -baseline FILE")
	}
	if o.ExtendBaseline && o.UpdateBaseline {
		return errors.New("-extend-baseline and -update-baseline: choose one")
	}
	if o.Stdout == nil {
		o.Stdout = io.Discard
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	return nil
}
