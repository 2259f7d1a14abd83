// Package records keeps an evaluation run on disk: run.json (the frozen
// evidence), results.jsonl (one row per finished item, appended as it
// finishes), errors.jsonl (API and harness failures, never scored), and
// traces/ (every prompt, context, page, judge input and raw judge output).
// It also hashes the source tree, so that results made from another tree
// can be flagged as stale.
package records

import (
	"fmt"

	"github.com/explainerr/explainerr/evals/internal/checker"
	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/source"
)

// Row kinds.
const (
	KindGeneration = "generation"
	KindJudgment   = "judgment"
)

// CheckerCounts sums the checker's verdicts on one explanation.
type CheckerCounts struct {
	Claims            int `json:"claims"`
	Verified          int `json:"verified"`
	Contradicted      int `json:"contradicted"`
	UnknownIdentifier int `json:"unknown_identifier"`
	Proposed          int `json:"proposed"`
	// Outside counts places in packages outside the module, not read.
	Outside int `json:"outside,omitempty"`
}

// Fabrications counts contradicted and unknown claims.
func (c CheckerCounts) Fabrications() int { return c.Contradicted + c.UnknownIdentifier }

// CountVerdicts sums checker results.
func CountVerdicts(rs []checker.Result) CheckerCounts {
	c := CheckerCounts{Claims: len(rs)}
	for _, r := range rs {
		switch r.Verdict {
		case checker.Verified:
			c.Verified++
		case checker.Contradicted:
			c.Contradicted++
		case checker.UnknownIdentifier:
			c.UnknownIdentifier++
		case checker.Proposed:
			c.Proposed++
		case checker.Outside:
			c.Outside++
		}
	}
	return c
}

// Generation is the row of one fixture in one mode and run: what the
// middleware sent, what came back, and the free layers' scores.
type Generation struct {
	Kind    string `json:"kind"`
	Fixture string `json:"fixture"`
	Group   string `json:"group"`
	// App is the sample app the fixture breaks ("blogapp", "invoiceapp");
	// FixGroup the fixture's group, the kind of place its fix is in (empty
	// for fixtures written before groups existed).
	App      string `json:"app,omitempty"`
	FixGroup string `json:"fix_group,omitempty"`
	// Mode is the context mode the harness asked for ("plain", "static",
	// "rag"); ReportMode what the report says it did.
	Mode       string `json:"mode"`
	ReportMode string `json:"report_mode"`
	Run        int    `json:"run"`
	// Generator is "normal", "oracle", "null" or "copy".
	Generator string `json:"generator"`
	Provider  string `json:"provider"`
	Model     string `json:"model"`
	Status    int    `json:"status"`
	// Explanation is the text that was scored.
	Explanation      string   `json:"explanation"`
	Truncated        bool     `json:"truncated,omitempty"`
	DurationMS       int64    `json:"duration_ms"`
	CostUSD          float64  `json:"cost_usd"`
	PromptTokens     int      `json:"prompt_tokens,omitempty"`
	CompletionTokens int      `json:"completion_tokens,omitempty"`
	Notices          []string `json:"notices,omitempty"`

	Gate    gate.Metrics     `json:"gate"`
	Claims  []checker.Result `json:"claims"`
	Checker CheckerCounts    `json:"checker"`
	// Coverage says whether the explanation names the fix location and
	// the fixture's facts.
	Coverage coverage.Result `json:"coverage"`
	// SelfCheck holds the scores of the self-check answers of the same
	// failure (see coverage.SelfCheck); nil in rows scored before the
	// self-checks existed (regrade scores them).
	SelfCheck *coverage.SelfCheck `json:"self_check,omitempty"`
	// Provenance lists why the context is not what the mode makes: source
	// in plain mode, static chunks that a fresh static computation does not
	// make, a rag context without an app frame's anchored chunk or with
	// chunks whose source it does not say. Empty when it is.
	Provenance []string `json:"provenance,omitempty"`
	// Overlap is the share of the judge's excerpt lines that this mode's
	// context already held (0 in plain mode).
	Overlap float64       `json:"overlap"`
	Excerpt []source.Span `json:"excerpt"`
	Leaks   []gate.Leak   `json:"leaks,omitempty"`
	// TraceDir is the trace directory, relative to the run directory.
	TraceDir string `json:"trace_dir"`
}

// Key identifies the item for resuming.
func (g Generation) Key() string { return GenerationKey(g.Fixture, g.Mode, g.Run) }

// GenerationKey identifies a generation item.
func GenerationKey(fixture, mode string, run int) string {
	return fmt.Sprintf("gen/%s/%s/%d", fixture, mode, run)
}

// Judgment is the row of one judge comparison.
type Judgment struct {
	Kind    string `json:"kind"`
	Fixture string `json:"fixture"`
	Group   string `json:"group"`
	Run     int    `json:"run"`
	Rep     int    `json:"rep"`
	// AMode is the mode shown as A, drawn from the seed; Order is
	// "rag-first" or "plain-first".
	AMode string `json:"a_mode"`
	Order string `json:"order"`
	Model string `json:"model"`
	// Failed is set for a malformed answer (or no claims for an
	// explanation naming code); Failure says why. A failure is never a tie.
	Failed  bool   `json:"failed"`
	Failure string `json:"failure,omitempty"`
	// Truncated answers stopped at the token limit: failed judgments,
	// counted on both sides of the failure rule.
	Truncated bool `json:"truncated,omitempty"`
	// InputTruncated is set when an explanation judged was itself cut
	// off: the comparison is a failed judgment too.
	InputTruncated bool `json:"input_truncated,omitempty"`
	// Control is set for an identical-answer control: the judge was shown
	// the AMode explanation as both A and B, and WinnerMode holds its raw
	// answer ("A", "B" or "tie"), which must be "tie".
	Control bool `json:"control,omitempty"`
	// Identical is set when the two explanations were byte-identical: the
	// comparison is a tie, recorded without asking the judge.
	Identical bool `json:"identical,omitempty"`
	// Judge is "" for the judge and JudgeSecond for the optional second
	// judge (another model family) that judged the same inputs.
	Judge    string          `json:"judge,omitempty"`
	Judgment *judge.Judgment `json:"judgment,omitempty"`
	// WinnerMode is the winning mode, "tie", or "" when failed.
	WinnerMode   string  `json:"winner_mode"`
	DurationMS   int64   `json:"duration_ms"`
	PromptTokens int     `json:"prompt_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
	TraceDir     string  `json:"trace_dir"`
}

// JudgeSecond names the second judge's rows.
const JudgeSecond = "second"

// OrderControl is the Order of an identical-answer control.
const OrderControl = "control"

// Key identifies the item for resuming.
func (j Judgment) Key() string {
	k := JudgmentKey(j.Fixture, j.Run, j.Rep, j.Order)
	if j.Judge != "" {
		k += "/" + j.Judge
	}
	return k
}

// JudgmentKey identifies a judgment item.
func JudgmentKey(fixture string, run, rep int, order string) string {
	return fmt.Sprintf("judge/%s/%d/%d/%s", fixture, run, rep, order)
}

// IsFailed reports whether the judgment failed: malformed, cut off, or
// of a cut-off explanation (runs made before cut-off answers were
// failures recorded them as truncated only).
func (j Judgment) IsFailed() bool { return j.Failed || j.Truncated || j.InputTruncated }

// SideOf returns the judge's side for mode in j, or nil.
func (j Judgment) SideOf(mode string) *judge.Side {
	if j.Judgment == nil {
		return nil
	}
	if j.AMode == mode {
		return &j.Judgment.A
	}
	return &j.Judgment.B
}

// ErrorRow is one API or harness failure. It is never scored.
type ErrorRow struct {
	Time    string `json:"time"`
	Stage   string `json:"stage"`
	Fixture string `json:"fixture,omitempty"`
	Mode    string `json:"mode,omitempty"`
	Run     int    `json:"run,omitempty"`
	Rep     int    `json:"rep,omitempty"`
	Order   string `json:"order,omitempty"`
	// Judge is JudgeSecond for the second judge's calls.
	Judge string `json:"judge,omitempty"`
	Error string `json:"error"`
}
