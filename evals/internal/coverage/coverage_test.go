package coverage

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
)

func loadFixtures(t *testing.T) []fixture.Fixture {
	t.Helper()
	ff, err := fixture.Load(filepath.Join("..", "..", "..", "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	return ff.Fixtures
}

// blogVocabulary is the identifiers of the blog's Go files.
func blogVocabulary(t *testing.T) Vocabulary {
	t.Helper()
	return NewVocabulary(readGoFiles(t, "blogapp"), "blogapp/")
}

// readGoFiles reads the Go files under a folder of the repository, by
// their slash path from its root.
func readGoFiles(t *testing.T, folder string) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	root := filepath.Join("..", "..", "..")
	err := filepath.WalkDir(filepath.Join(root, folder), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = strings.Split(string(data), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func total(t *testing.T, fixes []fixture.Fixture, text func(fixture.Fixture) string) Total {
	t.Helper()
	v := blogVocabulary(t)
	var rows []Scored
	for _, fx := range fixes {
		r := Score(fx, text(fx), v)
		rows = append(rows, Scored{Group: fx.Category, Mode: "self-check", Result: r})
		t.Logf("%-28s fix named %-5v facts %d/%d missing %v", fx.ID, r.FixLocationNamed, r.FactsNamed, r.FactsTotal, r.MissingFacts)
	}
	for _, tt := range Totals(rows) {
		if tt.Group == GroupAll {
			return tt
		}
	}
	t.Fatal("no total over all fixtures")
	return Total{}
}

// TestOracleScoresHighAndNullLow holds the score to its purpose on every
// fixture: the reference explanations must score at least 0.9 on both
// measures, empty explanations at most 0.1.
func TestOracleScoresHighAndNullLow(t *testing.T) {
	fixes := loadFixtures(t)
	oracle := total(t, fixes, func(fx fixture.Fixture) string { return fx.Reference })
	if oracle.N != len(fixes) || oracle.FixLocationNamed < 0.9 || oracle.FactsNamed < 0.9 {
		t.Errorf("oracle: %+v, want both shares >= 0.9 over %d fixtures", oracle, len(fixes))
	}
	null := total(t, fixes, func(fixture.Fixture) string { return "" })
	if null.N != len(fixes) || null.FixLocationNamed > 0.1 || null.FactsNamed > 0.1 {
		t.Errorf("null: %+v, want both shares <= 0.1", null)
	}
	// Another fixture's reference is not this fixture's explanation.
	shifted := total(t, fixes, func(fx fixture.Fixture) string {
		for i := range fixes {
			if fixes[i].ID == fx.ID {
				return fixes[(i+1)%len(fixes)].Reference
			}
		}
		return ""
	})
	if shifted.FactsNamed > 0.5 {
		t.Errorf("references of other fixtures state %.2f of the facts: the facts are not specific", shifted.FactsNamed)
	}
}

func TestNamesLocationOnWordBoundaries(t *testing.T) {
	fn := fixture.Location{File: "blogapp/app/store_posts.go", Function: "(*Store).FeaturedPost"}
	tmpl := fixture.Location{File: "blogapp/app/templates/about.html", Template: "about.html"}
	sqlFile := fixture.Location{File: "app/store/migrations/003_payments.sql"}
	cases := []struct {
		text string
		loc  fixture.Location
		want bool
	}{
		{"Fix `(*Store).FeaturedPost` so it returns ErrNotFound.", fn, true},
		{"FeaturedPost returns nil, nil", fn, true},
		{"FeaturedPosts is a list", fn, false},
		{"the featuredpost query", fn, false},
		{"Close the action in about.html.", tmpl, true},
		{"Close the action in the about page.", tmpl, false},
		{"Add the column in 003_payments.sql, in a new migration.", sqlFile, true},
		{"Add the column in a new migration.", sqlFile, false},
	}
	for _, c := range cases {
		if got := NamesLocation(c.text, c.loc); got != c.want {
			t.Errorf("NamesLocation(%q, %s%s) = %v, want %v", c.text, c.loc.Function, c.loc.Template, got, c.want)
		}
	}
}

func TestTotalsShares(t *testing.T) {
	rows := []Scored{
		{Group: "app", Mode: "rag", Result: Result{FixLocationNamed: true, FactShare: 1}},
		{Group: "app", Mode: "rag", Result: Result{FactShare: 0.5}},
		{Group: "traceback", Mode: "plain", Result: Result{FixLocationNamed: true, FactShare: 0}},
	}
	got := Totals(rows)
	want := []Total{
		{Group: "app", Mode: "rag", N: 2, FixLocationNamed: 0.5, FixNamedCount: 1, FactsNamed: 0.75},
		{Group: "traceback", Mode: "plain", N: 1, FixLocationNamed: 1, FixNamedCount: 1, FactsNamed: 0},
		{Group: "all", Mode: "plain", N: 1, FixLocationNamed: 1, FixNamedCount: 1, FactsNamed: 0},
		{Group: "all", Mode: "rag", N: 2, FixLocationNamed: 0.5, FixNamedCount: 1, FactsNamed: 0.75},
	}
	if len(got) != len(want) {
		t.Fatalf("totals %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("total %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
