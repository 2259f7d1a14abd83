package pipeline

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/explainerr/provider/openai"
)

// Output bounds the estimate counts every answer at: the generator's
// and the judge's token limits, so that the estimate is an upper bound
// on output tokens.
const (
	estExplanationTokens = openai.DefaultMaxTokens
	estJudgmentTokens    = 4000
	// estUnknownPromptTokens stands for a fixture the baseline does not
	// measure.
	estUnknownPromptTokens = 1500
)

// Estimate is a judged run's expected calls, tokens and cost, worked out
// before any call is made.
type Estimate struct {
	GenCalls, JudgeCalls, Judge2Calls      int
	GenIn, GenOut, JudgeIn, JudgeOut       int
	Judge2In, Judge2Out                    int
	GenCost, JudgeCost, Judge2Cost         float64
	GenPriced, JudgePriced, Judge2Priced   bool
	GenModel, JudgeModel, Judge2Model      string
	GeneratorOffline                       bool
	Fixtures, Seeds, Runs, CallsPerCompare int
}

// estimate works out the cost of o run with seeds seeds. Prompt sizes
// come from the committed baseline (evals/baseline.json, measured by the
// retrieval gate on the same fixtures); answers are counted at their
// token limits.
func estimate(o *Options, seeds int, genOffline bool) (*Estimate, error) {
	af, err := loadAppFixtures(o.Root, o.FixturesPath, o.Apps)
	if err != nil {
		return nil, err
	}
	fixes, err := selectFixtures(af.file, o.Fixtures)
	if err != nil {
		return nil, err
	}
	promptTokens := map[[2]string]int{}
	if base, err := gate.LoadBaseline(filepath.Join(o.Root, "evals", "baseline.json")); err == nil {
		for _, m := range base.Metrics {
			promptTokens[[2]string{m.Fixture, m.Mode}] = m.EstTokens
		}
	}
	tokens := func(id, mode string) int {
		if t, ok := promptTokens[[2]string{id, mode}]; ok {
			return t
		}
		return estUnknownPromptTokens
	}
	e := &Estimate{Fixtures: len(fixes), Seeds: seeds, Runs: o.Runs, GeneratorOffline: genOffline,
		GenModel: o.Model.Model, JudgeModel: o.Judge.Model, Judge2Model: o.Judge2.Model}
	if e.GenModel == "" {
		e.GenModel = "(default model)"
	}
	orders := 1
	if o.BothOrders {
		orders = 2
	}
	e.CallsPerCompare = orders + 1 // the orders and the identical-answer control
	repeats := seeds * o.Runs
	systemTokens := (len(judge.System) + gate.CharsPerToken - 1) / gate.CharsPerToken
	for _, fx := range fixes {
		for _, mode := range modes {
			if !genOffline {
				e.GenCalls += repeats
				e.GenIn += repeats * tokens(fx.ID, mode)
				e.GenOut += repeats * estExplanationTokens
			}
		}
		// The judge sees the trace and the failing code (about the static
		// prompt) and two explanations.
		in := systemTokens + tokens(fx.ID, "static") + 2*estExplanationTokens
		calls := repeats * o.JudgeReps * e.CallsPerCompare
		e.JudgeCalls += calls
		e.JudgeIn += calls * in
		e.JudgeOut += calls * estJudgmentTokens
		if o.Judge2.Enabled() {
			calls2 := repeats * o.JudgeReps * orders
			e.Judge2Calls += calls2
			e.Judge2In += calls2 * in
			e.Judge2Out += calls2 * estJudgmentTokens
		}
	}
	priced := func(p records.Price, in, out int) (float64, bool) {
		return p.Cost(in, out), p != (records.Price{})
	}
	e.GenCost, e.GenPriced = priced(o.GeneratorPrice, e.GenIn, e.GenOut)
	e.JudgeCost, e.JudgePriced = priced(o.JudgePrice, e.JudgeIn, e.JudgeOut)
	e.Judge2Cost, e.Judge2Priced = priced(o.Judge2Price, e.Judge2In, e.Judge2Out)
	return e, nil
}

// Write prints the estimate.
func (e *Estimate) Write(w io.Writer) {
	fmt.Fprintf(w, "Cost estimate: %d fixture(s) x %d seed(s) x %d run(s); the judge asked %d time(s) per comparison (both orders and an identical-answer control).\n",
		e.Fixtures, e.Seeds, e.Runs, e.CallsPerCompare)
	fmt.Fprintln(w, "Prompt tokens from evals/baseline.json's prompt sizes; every answer counted at its token limit (an upper bound).")
	total, known := 0.0, true
	line := func(role, model string, calls, in, out int, cost float64, ok bool) {
		price := fmt.Sprintf("$%.2f", cost)
		if !ok {
			price = fmt.Sprintf("unknown: no price for %q (pass -%s-price IN,OUT)", model, role)
			known = false
		}
		total += cost
		fmt.Fprintf(w, "  %-9s %-28s %6d calls  %9d tokens in  %9d tokens out  %s\n", role, model, calls, in, out, price)
	}
	if e.GeneratorOffline {
		fmt.Fprintln(w, "  generator offline analyzer: no model calls, free")
	} else {
		line("generator", e.GenModel, e.GenCalls, e.GenIn, e.GenOut, e.GenCost, e.GenPriced)
	}
	line("judge", e.JudgeModel, e.JudgeCalls, e.JudgeIn, e.JudgeOut, e.JudgeCost, e.JudgePriced)
	if e.Judge2Calls > 0 {
		line("judge2", e.Judge2Model, e.Judge2Calls, e.Judge2In, e.Judge2Out, e.Judge2Cost, e.Judge2Priced)
	}
	if known {
		fmt.Fprintf(w, "  total at most about $%.2f\n", total)
	} else {
		fmt.Fprintf(w, "  total unknown: $%.2f for the priced models, plus the unpriced ones\n", total)
	}
}
