package judge

// Modes the A/B sides map to.
const (
	ModeRAG   = "rag"
	ModePlain = "plain"
)

// Outcome is one comparison's result in terms of modes.
type Outcome struct {
	// Key identifies the comparison apart from its order (fixture, run,
	// rep), for position consistency.
	Key   string
	Group string
	// AMode is the mode shown as A.
	AMode string
	// Winner is the winning mode, "tie", or "" for a failed judgment.
	Winner string
	Failed bool
}

// WinnerMode maps a judge's winner to a mode given which mode was A.
func WinnerMode(winner, aMode string) string {
	switch winner {
	case WinnerA:
		return aMode
	case WinnerB:
		return Other(aMode)
	}
	return WinnerTie
}

// Other returns the other mode.
func Other(mode string) string {
	if mode == ModeRAG {
		return ModePlain
	}
	return ModeRAG
}

// Tally counts winners by mode.
type Tally struct {
	Total  int `json:"total"`
	Failed int `json:"failed"`
	RAG    int `json:"rag"`
	Plain  int `json:"plain"`
	Tie    int `json:"tie"`
	// Withheld is true when more than a third of the judgments failed: the
	// winner counts are then not reported.
	Withheld bool `json:"withheld"`
}

// Count tallies outcomes. When more than a third failed, the winner
// counts are zeroed and Withheld is set: a tally over the judgments that
// happened to parse is not a result.
func Count(outs []Outcome) Tally {
	var t Tally
	for _, o := range outs {
		t.Total++
		if o.Failed {
			t.Failed++
			continue
		}
		switch o.Winner {
		case ModeRAG:
			t.RAG++
		case ModePlain:
			t.Plain++
		default:
			t.Tie++
		}
	}
	if t.Failed*3 > t.Total {
		t.RAG, t.Plain, t.Tie, t.Withheld = 0, 0, 0, true
	}
	return t
}

// Consistency compares the two orders of each comparison judged both ways:
// pairs is how many were, agree how many named the same winning mode.
func Consistency(outs []Outcome) (pairs, agree int) {
	byKey := map[string][]Outcome{}
	for _, o := range outs {
		if !o.Failed {
			byKey[o.Key] = append(byKey[o.Key], o)
		}
	}
	for _, list := range byKey {
		var ragFirst, plainFirst *Outcome
		for i := range list {
			if list[i].AMode == ModeRAG {
				ragFirst = &list[i]
			} else {
				plainFirst = &list[i]
			}
		}
		if ragFirst == nil || plainFirst == nil {
			continue
		}
		pairs++
		if ragFirst.Winner == plainFirst.Winner {
			agree++
		}
	}
	return pairs, agree
}
