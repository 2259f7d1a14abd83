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
