package offline

import (
	"maps"
	"slices"
	"testing"
)

// Add must take exactly the words wordPattern matches.
func TestGroundingAddTakesTheWordsOfWordPattern(t *testing.T) {
	texts := []string{
		"", "m[k] = v", "9abc _x1 __ a_b9c", "s.cache[id] = p // café ünïcode_ok",
		"/home/u/app/store.go:42", "héllo wörld\xff\xfebad", "x:=y+z;if(a!=nil){}", "ß_9 Ω",
	}
	for _, text := range texts {
		g := &Grounding{words: map[string]bool{}}
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

// allowsMarkdown must agree with Unknown.
func TestAllowsMarkdownAgreesWithUnknown(t *testing.T) {
	g := &Grounding{words: map[string]bool{}}
	g.Add("cache Store id")
	for _, md := range []string{
		"`s.cache[id]`", "`cache[id]`", "`http.Get(u)`", "`http.NoSuchThing`", "no code",
		"```go\nStore{cache: make(map[int]int)}\n```", "`{{.Title}}`", "`{{ if .Store }}`",
	} {
		if got, want := g.allowsMarkdown(md), len(g.Unknown(md)) == 0; got != want {
			t.Errorf("allowsMarkdown(%q) = %v, Unknown = %v", md, got, g.Unknown(md))
		}
	}
}
