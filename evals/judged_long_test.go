//go:build long

package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// TestJudgedRunWithRealModelsCommand runs the one command for users
// with keys (go run ./evals -judged) against the fake server: three
// seeds in their own directories, reported seed by seed, the served
// snapshots recorded, a second judge's agreement reported, and a
// human-review sheet that reads back into an agreement figure.
func TestJudgedRunWithRealModelsCommand(t *testing.T) {
	s := &judgeScript{}
	s.judge = func(c judgeCall) fakeopenai.Answer {
		if c.model == "judge2-model" {
			return prefersRetrieval(c).WithModel("judge2-model-2025-01-01")
		}
		return prefersRetrieval(c).WithModel("judge-model-2024-07-18")
	}
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(s.answer)
	pinTree(t)
	env := judgeEnv(srv)
	env["EXPLAINERR_JUDGE2_MODEL"], env["EXPLAINERR_JUDGE2_BASE_URL"], env["EXPLAINERR_JUDGE2_API_KEY"] = "judge2-model", srv.URL, "k2"
	// -yes: the answer on stdin is never read.
	confirmInput = strings.NewReader("n\n")
	defer func() { confirmInput = os.Stdin }()
	out := filepath.Join(t.TempDir(), "judged")
	code, stdout, stderr := runEvals(t, env, "-judged", "-yes", "-seeds", "3", "-seed", "5", "-out", out, "-fixture", "featured_post_nil", "-judge-price", "1,2")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.HasPrefix(stdout, "Cost estimate:") || !strings.Contains(stdout, "Judged results per seed (not pooled") ||
		!strings.Contains(stdout, "served judge2") || !strings.Contains(stdout, "judge2-model-2025-01-01") {
		t.Errorf("the judged run's report:\n%s", stdout)
	}
	// Per seed: 3 judge calls (both orders, the control) and 2 of the
	// second judge (both orders).
	byModel := map[string]int{}
	for _, c := range s.judgeCalls() {
		byModel[c.model]++
	}
	if byModel["judge-model"] != 9 || byModel["judge2-model"] != 6 {
		t.Errorf("judge calls by model %v, want 9 and 6", byModel)
	}
	for _, seed := range []string{"5", "6", "7"} {
		var info records.RunInfo
		data, err := os.ReadFile(filepath.Join(out, "seed-"+seed, "run.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &info); err != nil {
			t.Fatal(err)
		}
		sm := info.ServedModels
		if !info.BothOrders || len(sm["judge"]) != 1 || sm["judge"][0] != "judge-model-2024-07-18" || sm["judge2"][0] != "judge2-model-2025-01-01" ||
			sm["generator"][0] != "gen-model" || info.Judge2Model != "judge2-model" {
			t.Errorf("seed %s run.json: both orders %v, served %v, judge2 %q", seed, info.BothOrders, sm, info.Judge2Model)
		}
	}
	var seeds []struct {
		Seed     int64 `json:"seed"`
		RAGWins  int   `json:"rag_wins"`
		Controls struct {
			Second struct {
				Agreement struct{ K, N int } `json:"agreement"`
			} `json:"second_judge"`
		} `json:"controls"`
		GatesPassed bool `json:"gates_passed"`
	}
	data, err := os.ReadFile(filepath.Join(out, "seeds.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &seeds); err != nil || len(seeds) != 3 {
		t.Fatalf("seeds.json: %v, %d seeds", err, len(seeds))
	}
	for i, r := range seeds {
		if r.Seed != int64(5+i) || r.RAGWins != 1 || r.Controls.Second.Agreement.K != 1 || r.Controls.Second.Agreement.N != 1 || !r.GatesPassed {
			t.Errorf("seed row %d: %+v", i, r)
		}
	}
	if !strings.Contains(stdout, "rag won more comparisons than static in 3 of 3 seed(s)") {
		t.Errorf("the per-seed summary:\n%s", stdout)
	}

	// The human-review sheet: claims with their source lines; a reviewer
	// agrees with two and disagrees with one.
	sheet := filepath.Join(out, "human-review.csv")
	f, err := os.Open(sheet)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(recs) < 4 {
		t.Fatalf("sheet: %v, %d rows", err, len(recs))
	}
	for i, r := range recs[1:] {
		if !strings.Contains(r[9], ".go:") || r[10] != "" {
			t.Errorf("sheet row %d: source lines %q, human verdict %q", i+2, r[9], r[10])
		}
		switch i {
		case 0, 1:
			r[10] = r[7]
		case 2:
			r[10] = "absent"
		}
	}
	f, err = os.Create(sheet)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	w.WriteAll(recs)
	f.Close()
	code, stdout, stderr = runEvals(t, env, "humanreview", sheet)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("3 of %d claims reviewed", len(recs)-1)) || !strings.Contains(stdout, "2/3 = 0.67 (95% Wilson CI") {
		t.Errorf("humanreview: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
