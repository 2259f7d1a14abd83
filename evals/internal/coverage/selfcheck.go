package coverage

import (
	"fmt"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/gate"
)

// SelfCheck holds the scores (Result.Score) of the self-check answers of
// one fixture in one mode, scored exactly as the real explanation is: if
// the score is sound, the fixture's own facts score high, nothing scores
// near zero, a constant text no better than nothing, and the real
// explanation with every identifier of the failing files appended lower
// than the real explanation alone.
type SelfCheck struct {
	Oracle   float64 `json:"oracle"`
	Null     float64 `json:"null"`
	Constant float64 `json:"constant"`
	Stuffing float64 `json:"stuffing"`
}

// ConstantText is the constant self-check answer: what a generator that
// ignored the failure would say every time.
const ConstantText = "The request failed because of a bug in the application code. " +
	"Read the error message and the stack trace, find the line where the error happens, " +
	"check that every value is set before it is used and that every error is handled, then fix the code there and add a test."

// OracleText is the oracle self-check answer: the fixture's reference
// explanation followed by its facts (the first phrasing of each), so that
// it states everything the score looks for.
func OracleText(fx fixture.Fixture) string {
	var b strings.Builder
	b.WriteString(fx.Reference)
	b.WriteString("\n\nFacts:")
	for _, f := range fx.Facts {
		if len(f) > 0 {
			b.WriteString(" `" + f[0] + "`")
		}
	}
	return b.String()
}

// Stuff appends every one of idents to text as a code span: keyword
// stuffing, the answer of a generator that names everything in sight.
func Stuff(text string, idents []string) string {
	var b strings.Builder
	b.WriteString(text)
	b.WriteString("\n\nRelated identifiers:")
	for _, id := range idents {
		b.WriteString(" `" + id + "`")
	}
	return b.String()
}

// Self-check thresholds on the mean score over a mode's fixtures.
const (
	OracleMin = 0.9
	NullMax   = 0.1
)

// SelfCheckRow is one fixture's self-checks in one mode with the real
// explanation's score.
type SelfCheckRow struct {
	Mode  string
	Real  float64
	Check SelfCheck
}

// SelfCheckTotal is the mean of each score over the fixtures of a mode.
type SelfCheckTotal struct {
	Mode string  `json:"mode"`
	N    int     `json:"n"`
	Real float64 `json:"real"`
	SelfCheck
}

// SelfCheckGate totals rows by mode (in mode order) and returns why the
// score fails its self-checks: an oracle mean below OracleMin, a null
// mean above NullMax, a constant text scoring above null, or stuffing
// scoring no lower than the real explanations.
func SelfCheckGate(rows []SelfCheckRow) (totals []SelfCheckTotal, failures []string) {
	acc := map[string]*SelfCheckTotal{}
	for _, r := range rows {
		t := acc[r.Mode]
		if t == nil {
			t = &SelfCheckTotal{Mode: r.Mode}
			acc[r.Mode] = t
		}
		t.N++
		t.Real += r.Real
		t.Oracle += r.Check.Oracle
		t.Null += r.Check.Null
		t.Constant += r.Check.Constant
		t.Stuffing += r.Check.Stuffing
	}
	for _, t := range acc {
		n := float64(t.N)
		t.Real, t.Oracle, t.Null, t.Constant, t.Stuffing = t.Real/n, t.Oracle/n, t.Null/n, t.Constant/n, t.Stuffing/n
		totals = append(totals, *t)
	}
	sort.Slice(totals, func(i, j int) bool { return gate.Before(GroupAll, totals[i].Mode, GroupAll, totals[j].Mode) })
	for _, t := range totals {
		if t.Oracle < OracleMin {
			failures = append(failures, fmt.Sprintf("%s: the oracle (the fixtures' facts) scores %.2f, want >= %.2f", t.Mode, t.Oracle, OracleMin))
		}
		if t.Null > NullMax {
			failures = append(failures, fmt.Sprintf("%s: an empty answer scores %.2f, want <= %.2f", t.Mode, t.Null, NullMax))
		}
		if t.Constant > t.Null+tolerance {
			failures = append(failures, fmt.Sprintf("%s: a constant text scores %.2f, better than an empty answer (%.2f)", t.Mode, t.Constant, t.Null))
		}
		if t.Stuffing >= t.Real-tolerance {
			failures = append(failures, fmt.Sprintf("%s: keyword stuffing scores %.2f, not below the real explanations (%.2f)", t.Mode, t.Stuffing, t.Real))
		}
	}
	return totals, failures
}

// tolerance absorbs floating-point noise.
const tolerance = 1e-9
