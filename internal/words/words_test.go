package words

import "testing"

func TestContains(t *testing.T) {
	cases := []struct {
		s, part string
		want    bool
	}{
		{"DELETE", "DEL", false},
		{"p.Add(\"DELETE\", pat)", "DELETE", true},
		{"Only POST requests", "Only", true},
		{"Only POST requests", "POST req", false},
		{"x:name", ":name", true},
		{"a b", "b", true},
		{"abab", "b", false},
		{"", "a", false},
		{"abc", "", true},
	}
	for _, c := range cases {
		if got := Contains(c.s, c.part); got != c.want {
			t.Errorf("Contains(%q, %q) = %v, want %v", c.s, c.part, got, c.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"flash", "flashes", 2},
		{"teh", "the", 1},
		{"kitten", "sitting", 3},
		{"näme", "name", 1},
		{"abc", "", 3},
	}
	for _, c := range cases {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
