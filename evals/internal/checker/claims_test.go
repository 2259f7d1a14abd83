package checker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// labelledClaims is evals/claims.json.
type labelledClaims struct {
	Claims []struct {
		ID         string `json:"id"`
		Text       string `json:"text"`
		Fabricated bool   `json:"fabricated"`
	} `json:"claims"`
}

// TestLabelledClaims measures the checker on the labelled claims about the
// blog app and prints its precision and recall at finding fabrications: a
// sentence counts as flagged when any claim extracted from it is
// contradicted or an unknown identifier.
func TestLabelledClaims(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "evals", "claims.json"))
	if err != nil {
		t.Fatal(err)
	}
	var set labelledClaims
	if err := json.Unmarshal(data, &set); err != nil {
		t.Fatal(err)
	}
	var fabricated int
	for _, c := range set.Claims {
		if c.Fabricated {
			fabricated++
		}
	}
	if len(set.Claims) < 40 || fabricated*2 != len(set.Claims) {
		t.Fatalf("the set needs at least 40 claims, half fabricated: %d claims, %d fabricated", len(set.Claims), fabricated)
	}
	m, err := source.Load(root, "./...")
	if err != nil {
		t.Fatal(err)
	}
	c := New(m)
	var tp, fp, fn, tn int
	for _, cl := range set.Claims {
		res := c.CheckText(cl.Text)
		flagged := false
		for _, r := range res {
			flagged = flagged || r.Fabricated()
		}
		switch {
		case flagged && cl.Fabricated:
			tp++
		case flagged && !cl.Fabricated:
			fp++
			t.Logf("false alarm %s: %q: %+v", cl.ID, cl.Text, res)
		case !flagged && cl.Fabricated:
			fn++
			t.Logf("missed %s: %q", cl.ID, cl.Text)
		default:
			tn++
		}
	}
	precision := float64(tp) / float64(max(tp+fp, 1))
	recall := float64(tp) / float64(max(tp+fn, 1))
	t.Logf("checker on %d labelled claims (%d fabricated): precision %.2f (%d of %d flagged), recall %.2f (%d of %d fabrications)",
		len(set.Claims), fabricated, precision, tp, tp+fp, recall, tp, tp+fn)
	// Floors well below the measured values, so that a change that breaks
	// the checker fails here.
	if precision < 0.85 || recall < 0.7 {
		t.Errorf("precision %.2f, recall %.2f: below the floors 0.85 and 0.70", precision, recall)
	}
}
