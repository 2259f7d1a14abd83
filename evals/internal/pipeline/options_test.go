package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// repoRoot is the module root, seen from this package's directory.
const repoRoot = "../../.."

var fixturesPath = filepath.Join(repoRoot, "blogapp", "fixtures.json")

func validOptions() Options {
	return Options{Root: repoRoot, FixturesPath: fixturesPath, Out: "out", Runs: 1, JudgeReps: 1}
}

func TestValidateRejectsBadOptions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Options)
		want   string
	}{
		{"unknown mode", func(o *Options) { o.Generator = "oracl" }, `-mode "oracl"`},
		{"upper-case mode", func(o *Options) { o.Generator = "NULL" }, "use normal, oracle, null or copy"},
		{"zero runs", func(o *Options) { o.Runs = 0 }, "-runs"},
		{"negative judge reps", func(o *Options) { o.JudgeReps = -1 }, "-judge-reps"},
		{"no output directory", func(o *Options) { o.Out = "" }, "output directory"},
		{"update without baseline", func(o *Options) { o.UpdateBaseline = true }, "-update-baseline needs -baseline"},
		{"extend without baseline", func(o *Options) { o.ExtendBaseline = true }, "-extend-baseline needs -baseline"},
		{"extend and update", func(o *Options) { o.ExtendBaseline, o.UpdateBaseline, o.Baseline = true, true, "b.json" }, "choose one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := validOptions()
			tc.change(&o)
			err := o.validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestValidateAcceptsModesAndFillsDefaults(t *testing.T) {
	for _, mode := range []string{GenNormal, GenOracle, GenNull, GenCopy} {
		o := validOptions()
		o.Generator = mode
		if err := o.validate(); err != nil {
			t.Errorf("-mode %s: %v", mode, err)
		}
		if o.Generator != mode {
			t.Errorf("-mode %s became %s", mode, o.Generator)
		}
	}
	o := validOptions()
	if err := o.validate(); err != nil {
		t.Fatal(err)
	}
	if o.Generator != GenNormal || o.Stdout == nil || o.Stderr == nil {
		t.Errorf("defaults not filled: generator %q, stdout %v, stderr %v", o.Generator, o.Stdout, o.Stderr)
	}
}

// A bad -mode stops the run before anything is written.
func TestRunRefusesBadModeBeforeWriting(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	var stderr bytes.Buffer
	o := validOptions()
	o.Out, o.Generator, o.Stderr = out, "bogus", &stderr
	if code := Run(context.Background(), o); code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	if !strings.Contains(stderr.String(), `-mode "bogus"`) {
		t.Errorf("stderr %q does not name the bad mode", stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused run created its output directory")
	}
}

func TestStaleComparesTreeHashes(t *testing.T) {
	old := TreeHash
	t.Cleanup(func() { TreeHash = old })
	TreeHash = func(string) (string, error) { return strings.Repeat("b", 64), nil }

	if w, err := stale(&records.RunInfo{SourceTreeHash: strings.Repeat("b", 64)}, repoRoot); err != nil || w != "" {
		t.Errorf("same tree: %q, %v", w, err)
	}
	w, err := stale(&records.RunInfo{SourceTreeHash: strings.Repeat("a", 64)}, repoRoot)
	if err != nil || !strings.HasPrefix(w, "STALE") {
		t.Errorf("different tree: %q, %v", w, err)
	}

	TreeHash = func(string) (string, error) { return "", os.ErrPermission }
	if _, err := stale(&records.RunInfo{}, repoRoot); err == nil {
		t.Error("a tree that cannot be hashed gave no error")
	}
}

// summary of a run made from another tree prints the stale warning in the
// terminal and in both report files.
func TestSummaryWarnsWhenStale(t *testing.T) {
	old := TreeHash
	t.Cleanup(func() { TreeHash = old })
	TreeHash = func(string) (string, error) { return strings.Repeat("b", 64), nil }

	dir := t.TempDir()
	d, err := records.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteRun(&records.RunInfo{SourceTreeHash: strings.Repeat("a", 64), GitRevision: "abc", Generator: GenNormal, Runs: 1, JudgeReps: 1}); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	// The run holds no rows, so its gates fail; the warning must still
	// be there.
	code := Summary(StoredOptions{Root: repoRoot, FixturesPath: fixturesPath, Dir: dir, Stdout: &stdout, Stderr: &stderr})
	if code == ExitError {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "STALE") {
		t.Errorf("terminal summary has no stale warning:\n%s", stdout.String())
	}
	for _, name := range []string{"report.md", "report.html"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.Contains(string(data), "STALE") {
			t.Errorf("%s lacks the stale warning (err %v)", name, err)
		}
	}

	// The same run from the same tree is not stale.
	TreeHash = func(string) (string, error) { return strings.Repeat("a", 64), nil }
	stdout.Reset()
	if code := Summary(StoredOptions{Root: repoRoot, FixturesPath: fixturesPath, Dir: dir, Stdout: &stdout, Stderr: &stderr}); code == ExitError {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(stdout.String(), "STALE") {
		t.Error("a matching tree was flagged stale")
	}
}

func TestSummaryRefusesNonRunDirectory(t *testing.T) {
	var stderr bytes.Buffer
	if code := Summary(StoredOptions{Root: repoRoot, FixturesPath: fixturesPath, Dir: t.TempDir(), Stderr: &stderr}); code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	if !strings.Contains(stderr.String(), "not a run directory") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestCompatibleRefusesOtherEvidence(t *testing.T) {
	prev := &records.RunInfo{SourceTreeHash: "tree", FixturesHash: "fx", Generator: GenNormal, Seed: 1, JudgeModel: "judge-a"}
	ok := &Options{Out: "out", Generator: GenNormal, Seed: 1}
	if err := compatible(prev, ok, "tree", "fx"); err != nil {
		t.Errorf("same evidence refused: %v", err)
	}
	for _, tc := range []struct {
		name        string
		o           Options
		tree, fixes string
		want        string
	}{
		{"other tree", *ok, "tree2", "fx", "another source tree"},
		{"other fixtures", *ok, "tree", "fx2", "another fixtures file"},
		{"other mode", Options{Out: "out", Generator: GenOracle, Seed: 1}, "tree", "fx", "other flags"},
		{"other seed", Options{Out: "out", Generator: GenNormal, Seed: 2}, "tree", "fx", "other flags"},
		{"other order mode", Options{Out: "out", Generator: GenNormal, Seed: 1, BothOrders: true}, "tree", "fx", "other flags"},
		{"other judge", Options{Out: "out", Generator: GenNormal, Seed: 1, Judge: judge.Config{Model: "judge-b", APIKey: "k"}}, "tree", "fx", "judge-a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := compatible(prev, &tc.o, tc.tree, tc.fixes)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("compatible = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestSelectFixtures(t *testing.T) {
	ff, err := fixture.Load(fixturesPath)
	if err != nil {
		t.Fatal(err)
	}
	all, err := selectFixtures(ff, nil)
	if err != nil || len(all) != len(ff.Fixtures) {
		t.Errorf("no -fixture: %d fixtures, %v", len(all), err)
	}
	some, err := selectFixtures(ff, []string{"stats_nil_map", "featured_post_nil"})
	if err != nil || len(some) != 2 || some[0].ID != "stats_nil_map" || some[1].ID != "featured_post_nil" {
		t.Errorf("two -fixture flags: %+v, %v", some, err)
	}
	if _, err := selectFixtures(ff, []string{"featured_post_nil", "nope"}); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown fixture: %v", err)
	}
}

func TestOrdersAreSeededBalancedAndStable(t *testing.T) {
	var ids []string
	var fixes []fixture.Fixture
	for i := range 40 {
		ids = append(ids, "fx"+itoa(i))
		fixes = append(fixes, fixture.Fixture{ID: ids[i], Category: []string{"app", "traceback"}[i%2], Group: []string{"sql", "template", "config"}[i%3]})
	}
	runner := func(seed int64, both bool) *runner {
		return &runner{o: &Options{Seed: seed, BothOrders: both}, info: &records.RunInfo{Fixtures: ids}, fixes: fixes, appOf: map[string]string{}}
	}
	r := runner(1, false)
	counts := map[string]int{}
	for _, id := range ids {
		first := r.orders(id, 1, 1)
		if len(first) != 1 {
			t.Fatalf("one order expected, got %v", first)
		}
		if again := r.orders(id, 1, 1); again[0] != first[0] {
			t.Errorf("%s: order drawn twice differs (%s, %s): a resumed run would judge another order", id, first[0], again[0])
		}
		counts[first[0]]++
	}
	if counts[OrderRAGFirst] != 20 || counts[OrderStaticFirst] != 20 {
		t.Errorf("40 comparisons are not balanced between the orders: %v", counts)
	}
	// Balanced within each category and each fixture group too.
	perGroup := map[string]int{}
	for _, fx := range fixes {
		d := 1
		if r.orders(fx.ID, 1, 1)[0] == OrderStaticFirst {
			d = -1
		}
		perGroup[fx.Category] += d
		perGroup[fx.Group] += d
	}
	for g, d := range perGroup {
		if d < -1 || d > 1 {
			t.Errorf("group %s: rag first %+d more often than static first", g, d)
		}
	}
	differs := false
	other := runner(2, false)
	for _, id := range ids {
		if other.orders(id, 1, 1)[0] != r.orders(id, 1, 1)[0] {
			differs = true
		}
	}
	if !differs {
		t.Error("the seed does not change the orders")
	}
	if got := runner(1, true).orders("fx1", 1, 1); len(got) != 2 || got[0] == got[1] {
		t.Errorf("both orders = %v", got)
	}
}
