package judge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// rawSide and rawJudgment mirror the answer format with pointers, so that
// a missing field is told apart from false.
type rawSide struct {
	Claims *[]struct {
		Claim    *string `json:"claim"`
		Verdict  *string `json:"verdict"`
		Evidence *string `json:"evidence"`
	} `json:"claims"`
	IdentifiesCause     *bool `json:"identifies_cause"`
	PointsToFixLocation *bool `json:"points_to_fix_location"`
	FixWouldWork        *bool `json:"fix_would_work"`
	WrittenForLearner   *bool `json:"written_for_learner"`
}

type rawJudgment struct {
	A         *rawSide `json:"A"`
	B         *rawSide `json:"B"`
	Winner    *string  `json:"winner"`
	Reasoning *string  `json:"reasoning"`
}

// ParseInput is what the parser checks an answer against.
type ParseInput struct {
	// Raw is the judge's answer text.
	Raw string
	// Citable are the lines the judge was shown (excerpt and trace).
	Citable []string
	// NamesCodeA and NamesCodeB say whether each explanation names code:
	// an empty claim list for such an explanation is a failure.
	NamesCodeA, NamesCodeB bool
}

// Parse decodes a judge's answer strictly: one JSON object (optionally in a
// single ```json fence), no unknown fields, every field present, verdicts
// and winner from their fixed sets. It then applies the citation gate and
// computes each side's counts and no_fabrication. An error means the
// judgment failed; it is recorded as such, never scored as a tie.
func Parse(in ParseInput) (*Judgment, error) {
	text := stripFence(strings.TrimSpace(in.Raw))
	if text == "" {
		return nil, errors.New("empty answer")
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var raw rawJudgment
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not the required JSON: %w", err)
	}
	if dec.More() || !onlySpace(text[dec.InputOffset():]) {
		return nil, errors.New("text after the JSON object")
	}
	if raw.Winner == nil {
		return nil, errors.New(`missing "winner"`)
	}
	j := &Judgment{Winner: *raw.Winner}
	switch j.Winner {
	case WinnerA, WinnerB, WinnerTie:
	default:
		return nil, fmt.Errorf(`winner %q is not "A", "B" or "tie"`, j.Winner)
	}
	if raw.Reasoning != nil {
		j.Reasoning = *raw.Reasoning
	}
	idx := NewCitationIndex(in.Citable)
	var err error
	if j.A, err = side("A", raw.A, idx, in.NamesCodeA); err != nil {
		return nil, err
	}
	if j.B, err = side("B", raw.B, idx, in.NamesCodeB); err != nil {
		return nil, err
	}
	return j, nil
}

func side(name string, r *rawSide, idx *CitationIndex, namesCode bool) (Side, error) {
	var s Side
	if r == nil {
		return s, fmt.Errorf("missing side %s", name)
	}
	switch {
	case r.Claims == nil:
		return s, fmt.Errorf("side %s: missing \"claims\"", name)
	case r.IdentifiesCause == nil, r.PointsToFixLocation == nil, r.FixWouldWork == nil, r.WrittenForLearner == nil:
		return s, fmt.Errorf("side %s: a question is not answered (identifies_cause, points_to_fix_location, fix_would_work, written_for_learner)", name)
	}
	s.IdentifiesCause, s.PointsToFixLocation = *r.IdentifiesCause, *r.PointsToFixLocation
	s.FixWouldWork, s.WrittenForLearner = *r.FixWouldWork, *r.WrittenForLearner
	for i, c := range *r.Claims {
		if c.Claim == nil || c.Verdict == nil || strings.TrimSpace(*c.Claim) == "" {
			return s, fmt.Errorf("side %s, claim %d: needs \"claim\" and \"verdict\"", name, i+1)
		}
		cv := ClaimVerdict{Claim: *c.Claim, Verdict: *c.Verdict}
		if c.Evidence != nil {
			cv.Evidence = *c.Evidence
		}
		switch cv.Verdict {
		case Verified, Contradicted:
			cv.CitationOK = idx.Contains(cv.Evidence)
		case Absent:
			cv.CitationOK = true
		default:
			return s, fmt.Errorf("side %s, claim %d: verdict %q is not verified, contradicted or absent", name, i+1, cv.Verdict)
		}
		s.Claims = append(s.Claims, cv)
	}
	if len(s.Claims) == 0 && namesCode {
		return s, fmt.Errorf("side %s: no claims listed for an explanation that names code", name)
	}
	s.score()
	return s, nil
}

// stripFence removes one surrounding Markdown code fence.
func stripFence(s string) string {
	if !strings.HasPrefix(s, "```") {
		return s
	}
	nl := strings.IndexByte(s, '\n')
	if nl < 0 || !strings.HasSuffix(s, "```") {
		return s
	}
	return strings.TrimSpace(s[nl+1 : len(s)-3])
}

func onlySpace(s string) bool { return len(bytes.TrimSpace([]byte(s))) == 0 }
