package judge

import (
	"strings"
	"testing"
)

var shown = []string{
	"func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {",
	"\treturn nil, nil",
	"panic: runtime error: invalid memory address or nil pointer dereference",
}

const good = `{"A": {"claims": [
  {"claim": "FeaturedPost returns nil, nil", "verdict": "verified", "evidence": "  42 | return nil, nil"},
  {"claim": "FeaturedPost takes an id", "verdict": "contradicted", "evidence": "func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {"},
  {"claim": "the seed has no featured post", "verdict": "absent", "evidence": ""}],
  "identifies_cause": true, "points_to_fix_location": true, "fix_would_work": false, "written_for_learner": true},
 "B": {"claims": [{"claim": "it panics", "verdict": "verified", "evidence": "the handler checks err first"}],
  "identifies_cause": false, "points_to_fix_location": false, "fix_would_work": false, "written_for_learner": true},
 "winner": "A", "reasoning": "A finds the cause."}`

func TestParseScoresAndCites(t *testing.T) {
	j, err := Parse(ParseInput{Raw: "```json\n" + good + "\n```", Citable: shown, NamesCodeA: true, NamesCodeB: true})
	if err != nil {
		t.Fatal(err)
	}
	if j.Winner != WinnerA || !j.A.IdentifiesCause || j.A.FixWouldWork {
		t.Errorf("questions: %+v", j)
	}
	if j.A.Verified != 1 || j.A.Contradicted != 1 || j.A.Absent != 1 || j.A.NoFabrication {
		t.Errorf("side A counts: %+v", j.A)
	}
	if j.A.Uncited != 0 {
		t.Errorf("A's quotes are in the excerpt, got %d uncited", j.A.Uncited)
	}
	if j.B.Uncited != 1 || j.B.Claims[0].CitationOK || !j.B.NoFabrication {
		t.Errorf("B quotes a line it was not shown: %+v", j.B)
	}
}

func TestParseFailures(t *testing.T) {
	cases := map[string]string{
		"not json":       "A is better.",
		"trailing text":  good + " I hope this helps.",
		"unknown field":  strings.Replace(good, `"reasoning"`, `"confidence": 0.9, "reasoning"`, 1),
		"bad winner":     strings.Replace(good, `"winner": "A"`, `"winner": "both"`, 1),
		"missing winner": strings.Replace(good, `"winner": "A",`, ``, 1),
		"bad verdict":    strings.Replace(good, `"verdict": "absent"`, `"verdict": "unclear"`, 1),
		"missing answer": strings.Replace(good, `"fix_would_work": false, "written_for_learner": true},
 "B"`, `"written_for_learner": true},
 "B"`, 1),
		"empty":           "  ",
		"no claims for B": strings.Replace(good, `[{"claim": "it panics", "verdict": "verified", "evidence": "the handler checks err first"}]`, `[]`, 1),
	}
	for name, raw := range cases {
		if raw == good {
			t.Fatalf("%s: the case did not change the answer", name)
		}
		if _, err := Parse(ParseInput{Raw: raw, Citable: shown, NamesCodeA: true, NamesCodeB: true}); err == nil {
			t.Errorf("%s: parsed, want a failure", name)
		}
	}
	// An empty claim list is fine for an explanation that names no code.
	raw := cases["no claims for B"]
	if _, err := Parse(ParseInput{Raw: raw, Citable: shown, NamesCodeA: true, NamesCodeB: false}); err != nil {
		t.Errorf("no claims for an explanation naming no code: %v", err)
	}
}

func TestCitationGate(t *testing.T) {
	idx := NewCitationIndex(shown)
	for quote, want := range map[string]bool{
		"return nil, nil":                       true,
		"  17 | return nil,   nil":              true,
		"`return nil, nil`":                     true,
		"store_posts.go:42: return nil, nil":    true,
		"return post, nil":                      false,
		"}":                                     false, // too short to mean anything
		"":                                      false,
		"return nil, nil\npanic: runtime error": true,
		"return nil, nil\nreturn 1":             false,
	} {
		if got := idx.Contains(quote); got != want {
			t.Errorf("Contains(%q) = %v, want %v", quote, got, want)
		}
	}
}

func TestTallyRule(t *testing.T) {
	outs := []Outcome{
		{Winner: ModeRAG}, {Winner: ModeRAG}, {Winner: ModePlain}, {Winner: WinnerTie},
		{Failed: true}, {Failed: true},
	}
	tl := Count(outs)
	if tl.Withheld || tl.RAG != 2 || tl.Plain != 1 || tl.Tie != 1 || tl.Failed != 2 {
		t.Errorf("2 of 6 failed (a third): %+v", tl)
	}
	tl = Count(append(outs, Outcome{Failed: true}))
	if !tl.Withheld || tl.RAG != 0 || tl.Failed != 3 || tl.Total != 7 {
		t.Errorf("3 of 7 failed (more than a third): %+v", tl)
	}
}

func TestWinnerModeAndConsistency(t *testing.T) {
	if WinnerMode(WinnerB, ModeRAG) != ModePlain || WinnerMode(WinnerA, ModePlain) != ModePlain || WinnerMode(WinnerTie, ModeRAG) != WinnerTie {
		t.Error("WinnerMode maps sides to modes wrongly")
	}
	pairs, agree := Consistency([]Outcome{
		{Key: "x", AMode: ModeRAG, Winner: ModeRAG}, {Key: "x", AMode: ModePlain, Winner: ModeRAG},
		{Key: "y", AMode: ModeRAG, Winner: ModeRAG}, {Key: "y", AMode: ModePlain, Winner: ModePlain},
		{Key: "z", AMode: ModeRAG, Winner: ModeRAG},
	})
	if pairs != 2 || agree != 1 {
		t.Errorf("pairs %d agree %d, want 2 and 1", pairs, agree)
	}
}

func TestSameModel(t *testing.T) {
	for _, c := range []struct {
		asked, served string
		want          bool
	}{
		{"gpt-4o-mini", "gpt-4o-mini", true},
		{"gpt-4o-mini", "gpt-4o-mini-2024-07-18", true},
		{"openai/gpt-4o-mini", "gpt-4o-mini", true},
		{"gpt-4o", "gpt-4o-mini", false},
		{"anthropic/claude-sonnet-4.5", "anthropic/claude-haiku-4.5", false},
		{"gpt-4o-mini", "", false},
	} {
		if got := SameModel(c.asked, c.served); got != c.want {
			t.Errorf("SameModel(%q, %q) = %v", c.asked, c.served, got)
		}
	}
}
