package checker

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/source"
)

// measure scores the checker on the labelled set at claimsPath about the
// module at root, logs every miss and false alarm and the totals, and fails
// when precision or recall is below its floor. The floors sit well below
// the measured values, so that a change that breaks the checker fails here.
func measure(t *testing.T, m *source.Module, claimsPath string, minClaims int, minPrecision, minRecall float64) {
	t.Helper()
	set, err := ReadLabelled(claimsPath)
	if err != nil {
		t.Fatal(err)
	}
	fabricated := requireBalanced(t, set, minClaims)
	s := New(m).ScoreSet(set)
	for _, o := range s.Outcomes {
		switch o.Label() {
		case "FP":
			t.Logf("false alarm %s: %q: %+v", o.ID, o.Text, o.Results)
		case "FN":
			t.Logf("missed %s: %q", o.ID, o.Text)
		}
	}
	t.Logf("checker on %d labelled claims (%d fabricated): precision %.2f (%d of %d flagged), recall %.2f (%d of %d fabrications)",
		len(set.Claims), fabricated, s.Precision(), s.TruePos, s.TruePos+s.FalsePos, s.Recall(), s.TruePos, s.TruePos+s.FalseNeg)
	if s.Precision() < minPrecision || s.Recall() < minRecall {
		t.Errorf("precision %.2f, recall %.2f: below the floors %.2f and %.2f", s.Precision(), s.Recall(), minPrecision, minRecall)
	}
}

// TestLabelledClaims measures the checker on the labelled claims about the
// blog app (evals/claims.json): a sentence counts as flagged when any claim
// extracted from it is contradicted or an unknown identifier.
func TestLabelledClaims(t *testing.T) {
	m, root := blog(t)
	measure(t, m, filepath.Join(root, "evals", "claims.json"), 40, 0.85, 0.70)
}

var (
	blogOnce sync.Once
	blogMod  *source.Module
	blogErr  error
)

// blog loads the blog app's packages of the repository module once;
// it returns the module and its root.
func blog(t *testing.T) (*source.Module, string) {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	blogOnce.Do(func() { blogMod, blogErr = source.Load(root, "./blogapp/...") })
	if blogErr != nil {
		t.Fatal(blogErr)
	}
	return blogMod, root
}

// load loads the module at dir, once per test binary.
func load(t *testing.T, dir string) *source.Module {
	t.Helper()
	return cached(t, dir).m
}

// TestReferenceExplanationsAreClean checks the checker on the blog app's
// fixtures' reference explanations, which are correct: none of their
// claims may count as a fabrication.
func TestReferenceExplanationsAreClean(t *testing.T) {
	m, root := blog(t)
	fixtures, err := fixture.Load(filepath.Join(root, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := New(m)
	claims := 0
	for _, fx := range fixtures.Fixtures {
		res := c.CheckText(fx.Reference)
		claims += len(res)
		for _, r := range res {
			if r.Fabricated() {
				t.Errorf("%s: %q counted as a fabrication: %s", fx.ID, r.Text, r.Reason)
			}
		}
	}
	if claims < len(fixtures.Fixtures) {
		t.Errorf("only %d claims extracted from %d reference explanations", claims, len(fixtures.Fixtures))
	}
}

// TestMarketClaims measures the checker on the second labelled set, about
// a module other than the blog app (testdata/market).
func TestMarketClaims(t *testing.T) {
	measure(t, market(t).m, "testdata/market/claims.json", 40, 0.85, 0.75)
}

// TestHeldOutClaims measures the checker on the held-out set about
// testdata/library. The set is never used to develop the checker; its
// floors only catch a checker that breaks.
func TestHeldOutClaims(t *testing.T) {
	measure(t, load(t, "testdata/library"), "testdata/library/heldout.json", 30, 0.80, 0.50)
}

// requireBalanced fails unless set has at least minClaims sentences, half
// of them fabricated; it returns how many are fabricated.
func requireBalanced(t *testing.T, set *LabelledSet, minClaims int) int {
	t.Helper()
	fabricated := 0
	for _, c := range set.Claims {
		if c.Fabricated {
			fabricated++
		}
	}
	if len(set.Claims) < minClaims || fabricated*2 != len(set.Claims) {
		t.Fatalf("the set needs at least %d claims, half fabricated: %d claims, %d fabricated", minClaims, len(set.Claims), fabricated)
	}
	return fabricated
}
