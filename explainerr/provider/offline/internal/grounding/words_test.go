package grounding

import (
	"maps"
	"regexp"
	"slices"
	"testing"
)

// wordPattern is what Add calls an identifier-shaped word.
var wordPattern = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// Add must take exactly the words wordPattern matches.
func TestGroundingAddTakesTheWordsOfWordPattern(t *testing.T) {
	texts := []string{
		"", "m[k] = v", "9abc _x1 __ a_b9c", "s.cache[id] = p // café ünïcode_ok",
		"/home/u/app/store.go:42", "héllo wörld\xff\xfebad", "x:=y+z;if(a!=nil){}", "ß_9 Ω",
	}
	for _, text := range texts {
		g := New(nil)
		g.Add(text)
		want := map[string]bool{}
		for _, w := range wordPattern.FindAllString(text, -1) {
			want[w] = true
		}
		if !maps.Equal(g.words, want) {
			t.Errorf("Add(%q) = %v, want %v", text, slices.Sorted(maps.Keys(g.words)), slices.Sorted(maps.Keys(want)))
		}
	}
}

// Allows must agree with Unknown.
func TestAllowsMarkdownAgreesWithUnknown(t *testing.T) {
	g := New(nil)
	g.Add("cache Store id")
	for _, md := range []string{
		"`s.cache[id]`", "`cache[id]`", "`http.Get(u)`", "`http.NoSuchThing`", "no code",
		"```go\nStore{cache: make(map[int]int)}\n```", "`{{.Title}}`", "`{{ if .Store }}`",
	} {
		if got, want := g.Allows(md), len(slices.Collect(g.Unknown(md))) == 0; got != want {
			t.Errorf("Allows(%q) = %v, Unknown = %v", md, got, slices.Collect(g.Unknown(md)))
		}
	}
}

// AddScanned takes the identifiers Go's scanner reads, which may differ
// from the words Add takes.
func TestAddScannedTakesTheScannersIdentifiers(t *testing.T) {
	g := New(nil)
	g.AddScanned("0001_init.up.sql // comment")
	for _, w := range []string{"nit", "up", "sql"} {
		if !g.Has(w) {
			t.Errorf("AddScanned did not take %q", w)
		}
	}
	for _, w := range []string{"init", "comment"} {
		if g.Has(w) {
			t.Errorf("AddScanned took %q", w)
		}
	}
}
