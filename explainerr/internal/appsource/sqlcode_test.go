package appsource

import (
	"strings"
	"testing"
)

// TestSQLCodeBlanksNamedParameters: a named parameter (:is_expanded,
// @id, $name) is no column of the statement; a cast is kept.
func TestSQLCodeBlanksNamedParameters(t *testing.T) {
	in := "insert into folders (title, expanded) values (:title, :is_expanded) returning id::text, @id, $name"
	got := SQLCode(in)
	if len(got) != len(in) {
		t.Fatalf("length %d, want %d", len(got), len(in))
	}
	for _, gone := range []string{"is_expanded", "@id", "$name", ":title"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q still holds %q", got, gone)
		}
	}
	for _, kept := range []string{"folders", "expanded", "returning id::text"} {
		if !strings.Contains(got, kept) {
			t.Errorf("%q lost %q", got, kept)
		}
	}
}
