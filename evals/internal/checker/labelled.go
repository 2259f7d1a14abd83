package checker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// LabelledClaim is one sentence of a labelled set: Fabricated is true when
// the sentence states something false about the code.
type LabelledClaim struct {
	ID         string `json:"id"`
	Text       string `json:"text"`
	Fabricated bool   `json:"fabricated"`
}

// LabelledSet is a file in the format of evals/claims.json.
type LabelledSet struct {
	About  string          `json:"about"`
	Claims []LabelledClaim `json:"claims"`
}

// ReadLabelled reads and validates a labelled set: well-formed JSON with no
// unknown fields, at least one claim, every claim with a unique id, a text
// and an explicit label.
func ReadLabelled(path string) (*LabelledSet, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseLabelled(data)
}

// ParseLabelled decodes and validates a labelled set (see ReadLabelled).
func ParseLabelled(data []byte) (*LabelledSet, error) {
	var raw struct {
		About  string `json:"about"`
		Claims []struct {
			ID         *string `json:"id"`
			Text       *string `json:"text"`
			Fabricated *bool   `json:"fabricated"`
		} `json:"claims"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a labelled claims file (want {\"claims\": [{\"id\", \"text\", \"fabricated\"}]}): %w", err)
	}
	if dec.More() {
		return nil, errors.New("text after the JSON object")
	}
	if len(raw.Claims) == 0 {
		return nil, errors.New(`no claims: the file needs a non-empty "claims" list`)
	}
	set := &LabelledSet{About: raw.About}
	seen := map[string]bool{}
	for i, c := range raw.Claims {
		switch {
		case c.ID == nil || strings.TrimSpace(*c.ID) == "":
			return nil, fmt.Errorf("claim %d: missing \"id\"", i+1)
		case seen[*c.ID]:
			return nil, fmt.Errorf("claim %d: duplicate id %q", i+1, *c.ID)
		case c.Text == nil || strings.TrimSpace(*c.Text) == "":
			return nil, fmt.Errorf("claim %s: missing \"text\"", *c.ID)
		case c.Fabricated == nil:
			return nil, fmt.Errorf("claim %s: missing the label \"fabricated\" (true or false)", *c.ID)
		}
		seen[*c.ID] = true
		set.Claims = append(set.Claims, LabelledClaim{ID: *c.ID, Text: *c.Text, Fabricated: *c.Fabricated})
	}
	return set, nil
}

// Outcome is the checker's result on one labelled sentence.
type Outcome struct {
	LabelledClaim
	// Flagged is true when any claim extracted from the sentence is
	// contradicted or an unknown identifier.
	Flagged bool
	Results []Result
}

// Score is the checker's accuracy at finding fabrications on a labelled
// set; the positive class is "fabricated".
type Score struct {
	Outcomes []Outcome
	// TruePos are fabricated sentences flagged, FalsePos true sentences
	// flagged, FalseNeg fabricated sentences not flagged, TrueNeg true
	// sentences not flagged.
	TruePos, FalsePos, FalseNeg, TrueNeg int
}

// Precision is the share of flagged sentences that are fabricated (0 when
// nothing was flagged).
func (s Score) Precision() float64 { return ratio(s.TruePos, s.TruePos+s.FalsePos) }

// Recall is the share of fabricated sentences that were flagged (0 when
// the set has no fabrication).
func (s Score) Recall() float64 { return ratio(s.TruePos, s.TruePos+s.FalseNeg) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// ScoreSet checks every sentence of set and counts the outcomes.
func (c *Checker) ScoreSet(set *LabelledSet) Score {
	var s Score
	for _, lc := range set.Claims {
		o := Outcome{LabelledClaim: lc, Results: c.CheckText(lc.Text)}
		for _, r := range o.Results {
			o.Flagged = o.Flagged || r.Fabricated()
		}
		switch {
		case o.Flagged && lc.Fabricated:
			s.TruePos++
		case o.Flagged:
			s.FalsePos++
		case lc.Fabricated:
			s.FalseNeg++
		default:
			s.TrueNeg++
		}
		s.Outcomes = append(s.Outcomes, o)
	}
	return s
}

// Label names the outcome of a sentence: "TP" (fabricated, flagged), "FP"
// (true, flagged), "FN" (fabricated, missed) or "TN" (true, not flagged).
func (o Outcome) Label() string {
	switch {
	case o.Flagged && o.Fabricated:
		return "TP"
	case o.Flagged:
		return "FP"
	case o.Fabricated:
		return "FN"
	}
	return "TN"
}
