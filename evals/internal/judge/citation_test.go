package judge

import (
	"strings"
	"testing"
)

// TestHeadingIsNotACitation: a verdict that quotes a section heading of
// the judge's input cites nothing, whether the heading was among the shown
// lines or not.
func TestHeadingIsNotACitation(t *testing.T) {
	lines := append([]string{
		"## Error and trace (innermost call first; [app] marks the app's own code)",
		"### blogapp/app/store_posts.go:12-30 FeaturedPost",
	}, shown...)
	idx := NewCitationIndex(lines)
	for _, quote := range []string{
		"## Error and trace (innermost call first; [app] marks the app's own code)",
		"Error and trace (innermost call first",
		"### blogapp/app/store_posts.go:12-30 FeaturedPost",
		"`### blogapp/app/store_posts.go:12-30 FeaturedPost`",
		"### FeaturedPost\nreturn nil, nil",
	} {
		if idx.Contains(quote) {
			t.Errorf("Contains(%q) = true: a heading is not evidence", quote)
		}
	}
	if !idx.Contains("func (s *Store) FeaturedPost(ctx context.Context)") {
		t.Error("a code line next to the headings is no longer citable")
	}
}

// TestUncitedContradictionIsNoFabrication parses a judgment whose only
// contradicted verdict quotes a line the judge was not shown (here, a
// heading): it is counted as uncited, not as a contradiction, and the side
// keeps no_fabrication.
func TestUncitedContradictionIsNoFabrication(t *testing.T) {
	lines := append([]string{"### blogapp/app/store_posts.go:12-30 FeaturedPost"}, shown...)
	raw := strings.Replace(good,
		`"verdict": "contradicted", "evidence": "func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {"`,
		`"verdict": "contradicted", "evidence": "### blogapp/app/store_posts.go:12-30 FeaturedPost"`, 1)
	if raw == good {
		t.Fatal("the case did not change the answer")
	}
	j, err := Parse(ParseInput{Raw: raw, Citable: lines, NamesCodeA: true, NamesCodeB: true})
	if err != nil {
		t.Fatal(err)
	}
	if !j.A.NoFabrication || j.A.Contradicted != 0 || j.A.Uncited != 1 || j.A.Verified != 1 || j.A.Absent != 1 {
		t.Errorf("an uncited contradiction counted: %+v", j.A)
	}
	// The same verdict with a quote the judge was shown is a fabrication.
	j, err = Parse(ParseInput{Raw: good, Citable: lines, NamesCodeA: true, NamesCodeB: true})
	if err != nil {
		t.Fatal(err)
	}
	if j.A.NoFabrication || j.A.Contradicted != 1 || j.A.Uncited != 0 {
		t.Errorf("a cited contradiction did not count: %+v", j.A)
	}
}
