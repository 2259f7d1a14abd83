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
		{AMode: "rag", Winner: "rag"}, {AMode: "static", Winner: "rag"}, {AMode: "static", Winner: "static"}, {Winner: WinnerTie},
		{Failed: true}, {Failed: true},
	}
	tl := Count(outs)
	if tl.Withheld || tl.Wins["rag"] != 2 || tl.Wins["static"] != 1 || tl.Tie != 1 || tl.Failed != 2 || tl.Scored() != 4 {
		t.Errorf("2 of 6 failed (a third): %+v", tl)
	}
	if tl.FirstWins != 2 || tl.SecondWins != 1 {
		t.Errorf("positions: A won %d, B won %d; want 2 and 1", tl.FirstWins, tl.SecondWins)
	}
	tl = Count(append(outs, Outcome{Failed: true}))
	if !tl.Withheld || tl.Wins["rag"] != 0 || tl.FirstWins != 0 || tl.Failed != 3 || tl.Total != 7 {
		t.Errorf("3 of 7 failed (more than a third): %+v", tl)
	}
}

func TestConsistency(t *testing.T) {
	pairs, agree := Consistency([]Outcome{
		{Key: "x", AMode: "rag", Winner: "rag"}, {Key: "x", AMode: "static", Winner: "rag"},
		{Key: "y", AMode: "rag", Winner: "rag"}, {Key: "y", AMode: "static", Winner: "static"},
		{Key: "z", AMode: "rag", Winner: "rag"},
		{Key: "w", AMode: "rag", Winner: "rag"}, {Key: "w", AMode: "static", Failed: true},
	})
	if pairs != 2 || agree != 1 {
		t.Errorf("pairs %d agree %d, want 2 and 1", pairs, agree)
	}
}

func TestBalancedFirstSplitsEvenlyAndRepeats(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f", "g"}
	first := BalancedFirst(ids, 1, 1, 1)
	n := 0
	for _, id := range ids {
		if first[id] {
			n++
		}
	}
	if n != 4 || len(first) != len(ids) {
		t.Errorf("%d of %d shown first, want 4: %v", n, len(ids), first)
	}
	again := BalancedFirst([]string{"g", "f", "e", "d", "c", "b", "a"}, 1, 1, 1)
	for _, id := range ids {
		if again[id] != first[id] {
			t.Fatalf("the draw depends on the ids' order: %v vs %v", first, again)
		}
	}
	differs := false
	for seed := int64(2); seed < 10 && !differs; seed++ {
		other := BalancedFirst(ids, seed, 1, 1)
		for _, id := range ids {
			differs = differs || other[id] != first[id]
		}
	}
	if !differs {
		t.Error("the seed does not change the draw")
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
