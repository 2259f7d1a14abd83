package index

import (
	"path/filepath"
	"testing"
)

func TestScopeOf(t *testing.T) {
	root := filepath.FromSlash("/src/shop")
	sub := filepath.Join(root, "cart")
	found := []sourceFile{{Rel: "billing/invoice.go"}, {Rel: "billing/tax/rate.go"}}
	for _, tc := range []struct {
		name     string
		dir      string
		patterns []string
		covers   []string
		keeps    []string
		recorded string
	}{
		{"the module from its root", root, []string{"./..."}, []string{"main.go", "cart/x/y.go"}, nil, "./..."},
		{"a tree from the root", root, []string{"./cart/..."}, []string{"cart/cart.go", "cart/x/y.go"}, []string{"main.go", "cartography/map.go"}, "./cart/..."},
		{"a directory from a subdirectory", sub, []string{"."}, []string{"cart/cart.go"}, []string{"cart/x/y.go", "main.go"}, "./cart"},
		{"the parent tree from a subdirectory", sub, []string{"../..."}, []string{"main.go", "billing/invoice.go"}, nil, "./..."},
		{"a tree above the module", sub, []string{"../../..."}, []string{"main.go"}, nil, "./..."},
		{"a directory outside the module", root, []string{"../other"}, nil, []string{"main.go", "cart/cart.go"}, ""},
		{"import paths cover the packages found", root, []string{"example.com/shop/billing/..."}, []string{"billing/invoice.go", "billing/tax/rate.go"}, []string{"billing/old/gone.go", "cart/cart.go"}, "example.com/shop/billing/..."},
	} {
		s := scopeOf(tc.dir, root, tc.patterns, found)
		for _, rel := range tc.covers {
			if !s.covers(rel) {
				t.Errorf("%s: %s is not covered", tc.name, rel)
			}
		}
		for _, rel := range tc.keeps {
			if s.covers(rel) {
				t.Errorf("%s: %s is covered", tc.name, rel)
			}
		}
		if got := s.recordedPatterns(""); got != tc.recorded {
			t.Errorf("%s: records %q, want %q", tc.name, got, tc.recorded)
		}
	}
}

func TestRecordedPatterns(t *testing.T) {
	root := filepath.FromSlash("/src/shop")
	part := func(p string) buildScope { return scopeOf(root, root, []string{p}, nil) }
	if got := part("./cart/...").recordedPatterns("./billing"); got != "./billing ./cart/..." {
		t.Errorf("two parts: %q", got)
	}
	if got := part("./cart/...").recordedPatterns("./cart/... ./billing"); got != "./billing ./cart/..." {
		t.Errorf("a part again: %q", got)
	}
	if got := part("./cart/...").recordedPatterns("./..."); got != "./..." {
		t.Errorf("a part of a whole-module index: %q", got)
	}
	if got := part("./...").recordedPatterns("./billing"); got != "./..." {
		t.Errorf("the whole module after a part: %q", got)
	}
	if got := (buildScope{}).keepOutside([]string{"a.go"}); len(got) != 0 {
		t.Errorf("an empty scope removes %v", got)
	}
}
