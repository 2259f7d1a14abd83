package corpus

import (
	"path"
	"reflect"
	"regexp"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// twoWindows is a report whose two frames' windows overlap by one line,
// with a retrieved chunk after them.
func twoWindows() *report.Report {
	return &report.Report{
		Frames: []report.Frame{
			{File: "/app/store.go", Source: &report.Source{StartLine: 10, Lines: []string{
				"func (s *Store[T]) Get(id int) *Post {",
				`	return s.cache[id] // "cache.tmpl"`,
			}}},
			{File: "/app/store.go", Source: &report.Source{StartLine: 11, Lines: []string{
				`	return s.cache[id] // "cache.tmpl"`,
				"}",
			}}},
			{File: "/app/nosource.go"},
		},
		Context: []report.Chunk{{File: "models/post.go", Symbol: "Post", StartLine: 3, Text: "type Post struct {\n\tTitle string `json:\"title\"`\n}"}},
	}
}

// New keeps each file and line once, in order, names files by the
// function given, and gives a window line the function it sits in and a
// chunk line the chunk's symbol.
func TestNewCollectsEachLineOnce(t *testing.T) {
	c := New(twoWindows(), path.Base)
	want := Corpus{
		{File: "store.go", Number: 10, Text: "func (s *Store[T]) Get(id int) *Post {", Symbol: "Store.Get"},
		{File: "store.go", Number: 11, Text: `	return s.cache[id] // "cache.tmpl"`, Symbol: "Store.Get"},
		{File: "store.go", Number: 12, Text: "}"},
		{File: "post.go", Number: 3, Text: "type Post struct {", Symbol: "Post"},
		{File: "post.go", Number: 4, Text: "\tTitle string `json:\"title\"`", Symbol: "Post"},
		{File: "post.go", Number: 5, Text: "}", Symbol: "Post"},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("New =\n%#v\nwant\n%#v", c, want)
	}
}

func TestFindAndFirst(t *testing.T) {
	c := New(twoWindows(), path.Base)
	cache := regexp.MustCompile(`s\.cache\[`)
	if got := c.Find(cache); len(got) != 1 || got[0].Number != 11 {
		t.Errorf("Find = %v, want the one line 11", got)
	}
	if l, ok := c.First(regexp.MustCompile(`^}$`)); !ok || l.File != "store.go" || l.Number != 12 {
		t.Errorf("First = %v, %v, want store.go:12", l, ok)
	}
	if l, ok := c.First(regexp.MustCompile(`nowhere`)); ok {
		t.Errorf("First found %v for a pattern no line matches", l)
	}
}

func TestWordsAndQuotedNames(t *testing.T) {
	c := New(twoWindows(), path.Base)
	words := c.Words()
	if words[0] != "func" || words[1] != "s" || words[2] != "Store" {
		t.Errorf("Words starts %v, want func s Store in order of first use", words[:3])
	}
	seen := map[string]int{}
	for _, w := range words {
		seen[w]++
	}
	for _, w := range []string{"cache", "Title", "json", "Post"} {
		if seen[w] != 1 {
			t.Errorf("Words has %q %d times, want once", w, seen[w])
		}
	}
	if got := c.QuotedNames(regexp.MustCompile(`\.tmpl$`)); !reflect.DeepEqual(got, []string{"cache.tmpl"}) {
		t.Errorf("QuotedNames = %q, want [cache.tmpl]", got)
	}
}
