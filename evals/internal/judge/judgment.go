// Package judge is the evaluation's third layer: a blind, pairwise LLM judge.
// It builds the judge's input (the trace, the known cause and fix location,
// a small source excerpt and two anonymous explanations), calls an
// OpenAI-compatible model, parses its strict-JSON answer into claim-level
// verdicts, checks that every verdict quotes a line the judge was shown (the
// citation gate), computes no_fabrication from the verdicts, and tallies
// winners under the failure rule.
package judge

// Claim verdicts a judge may give.
const (
	Verified     = "verified"
	Contradicted = "contradicted"
	Absent       = "absent"
)

// Winners a judge may name.
const (
	WinnerA   = "A"
	WinnerB   = "B"
	WinnerTie = "tie"
)

// ClaimVerdict is one claim of an explanation as the judge saw it.
type ClaimVerdict struct {
	Claim    string `json:"claim"`
	Verdict  string `json:"verdict"`
	Evidence string `json:"evidence"`
	// CitationOK is set by the citation gate: the evidence quotes a line
	// of the judge's input. Absent claims need no evidence and pass.
	CitationOK bool `json:"citation_ok"`
}

// Side is the judge's assessment of one explanation.
type Side struct {
	Claims              []ClaimVerdict `json:"claims"`
	IdentifiesCause     bool           `json:"identifies_cause"`
	PointsToFixLocation bool           `json:"points_to_fix_location"`
	FixWouldWork        bool           `json:"fix_would_work"`
	WrittenForLearner   bool           `json:"written_for_learner"`

	// Computed in code from Claims, never asked of the judge. Verified and
	// Contradicted count only cited verdicts; NoFabrication is true when no
	// cited verdict is contradicted.
	NoFabrication bool `json:"no_fabrication"`
	Verified      int  `json:"verified"`
	Contradicted  int  `json:"contradicted"`
	Absent        int  `json:"absent"`
	// Uncited counts verified or contradicted claims whose evidence is not
	// a line of the judge's input; they count as neither.
	Uncited int `json:"uncited"`
}

// Judgment is one parsed, scored judge answer.
type Judgment struct {
	A         Side   `json:"A"`
	B         Side   `json:"B"`
	Winner    string `json:"winner"`
	Reasoning string `json:"reasoning"`
}

// score fills the computed fields of s.
func (s *Side) score() {
	s.Verified, s.Contradicted, s.Absent, s.Uncited = 0, 0, 0, 0
	for _, c := range s.Claims {
		switch {
		case !c.Cited():
			s.Uncited++
		case c.Verdict == Verified:
			s.Verified++
		case c.Verdict == Contradicted:
			s.Contradicted++
		case c.Verdict == Absent:
			s.Absent++
		}
	}
	s.NoFabrication = s.Contradicted == 0
}
