package pipeline

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// The estimate counts each call from the committed baseline's prompt
// sizes and the token limits, and prices only what has a price.
func TestEstimateFromTheBaselinePromptSizes(t *testing.T) {
	o := validOptions()
	o.Fixtures = []string{"featured_post_nil"}
	o.BothOrders = true
	o.Judge = judge.Config{Model: "j", APIKey: "k"}
	o.JudgePrice = records.Price{InputPerMTok: 1, OutputPerMTok: 2}
	base, err := gate.LoadBaseline(filepath.Join(repoRoot, "evals", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	prompt := map[string]int{}
	for _, m := range base.Metrics {
		if m.Fixture == "featured_post_nil" {
			prompt[m.Mode] = m.EstTokens
		}
	}
	e, err := estimate(&o, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	wantGenIn := 3 * (prompt["plain"] + prompt["static"] + prompt["rag"])
	perJudgment := (len(judge.System)+gate.CharsPerToken-1)/gate.CharsPerToken + prompt["static"] + 2*estExplanationTokens
	if e.GenCalls != 9 || e.GenIn != wantGenIn || e.GenOut != 9*estExplanationTokens || e.JudgeCalls != 9 || e.JudgeIn != 9*perJudgment || e.JudgeOut != 9*estJudgmentTokens {
		t.Errorf("estimate %+v (want generator in %d, judge in %d per call)", e, wantGenIn, perJudgment)
	}
	if e.GenPriced || !e.JudgePriced || e.JudgeCost != o.JudgePrice.Cost(e.JudgeIn, e.JudgeOut) || e.JudgeCost <= 0 {
		t.Errorf("prices: generator priced %v, judge %v $%f", e.GenPriced, e.JudgePriced, e.JudgeCost)
	}
	var out bytes.Buffer
	e.Write(&out)
	if !strings.Contains(out.String(), "total unknown") || !strings.Contains(out.String(), "(pass -generator-price IN,OUT)") {
		t.Errorf("an unpriced generator must leave the total unknown:\n%s", out.String())
	}
}
