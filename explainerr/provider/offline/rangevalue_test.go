package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestRangeVariableOfAValueTypeIsNeverNil: a variable a range clause
// declares has the element (or key) type of what it ranges over; when that
// is a struct, the variable cannot be nil, so a nil dereference through
// it is blamed on the pointer read from it, never on the variable; so is
// one declared from an element of such a value or from a composite
// literal, and a package-level variable of a struct type. Over a slice of
// pointers the variable stays a candidate.
func TestRangeVariableOfAValueTypeIsNeverNil(t *testing.T) {
	types := `package main

type Author struct{ Name string }

type Post struct {
	Title  string
	Author *Author
}

type Posts []Post

type Store struct{ posts map[string]Post }

var featured Post

var drafts = []*Post{}
`
	cases := []struct {
		name, body, culprit string
		notBlamed           string // a candidate that must not be offered
	}{
		{"slice of structs", `func names(posts []Post) []string {
	var out []string
	for _, p := range posts {
		out = append(out, p.Author.Name) //!
	}
	return out
}`, "p.Author", "`p` is nil"},
		{"map of structs, key and value", `func names(posts map[string]Post) []string {
	var out []string
	for k, p := range posts {
		out = append(out, k+p.Author.Name) //!
	}
	return out
}`, "p.Author", "`p` is nil"},
		{"named slice type", `func names(posts Posts) []string {
	var out []string
	for i := range posts {
		p := posts[i]
		out = append(out, p.Author.Name) //!
	}
	return out
}`, "p.Author", "`p` is nil"},
		{"composite literal", `func names(title string) string {
	p := Post{Title: title}
	return p.Author.Name //!
}`, "p.Author", "`p` is nil"},
		{"package-level variable", `func names() string {
	return featured.Author.Name //!
}`, "featured.Author", "`featured` is nil"},
		{"package-level slice of pointers", `func names() string {
	for _, p := range drafts {
		return p.Author.Name //!
	}
	return ""
}`, "", ""},
		{"field of the receiver", `func (s *Store) names() []string {
	var out []string
	for _, p := range s.posts {
		out = append(out, p.Author.Name) //!
	}
	return out
}`, "p.Author", "`p` is nil"},
		{"nested ranges", `func names(byAuthor map[string][]Post) []string {
	var out []string
	for _, posts := range byAuthor {
		for _, p := range posts {
			out = append(out, p.Author.Name) //!
		}
	}
	return out
}`, "p.Author", "`p` is nil"},
		{"slice of pointers", `func names(posts []*Post) []string {
	var out []string
	for _, p := range posts {
		out = append(out, p.Author.Name) //!
	}
	return out
}`, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			marked := types + "\n" + c.body + "\n"
			lines := strings.Split(marked, "\n")
			line := 0
			for i, l := range lines {
				if strings.Contains(l, failMarker) {
					line = i + 1
					lines[i] = strings.TrimRight(strings.Replace(l, failMarker, "", 1), " \t")
				}
			}
			testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/blog\n\ngo 1.22\n", "posts.go": strings.Join(lines, "\n")})
			fn := "example.com/blog.names"
			if strings.HasPrefix(c.body, "func (s *Store)") {
				fn = "example.com/blog.(*Store).names"
			}
			frame := report.Frame{Function: fn, File: filepath.Join(dir, "posts.go"), Line: line, Kind: report.FrameApp,
				Source: &report.Source{StartLine: line - 3, Lines: lines[line-4 : line+2], Line: line}}
			r := panicReport("runtime.errorString", nilPointerMsg, frame)
			text := Analyze(r)
			_, culprit := Recognize(r)
			if culprit != c.culprit {
				t.Errorf("culprit %q, want %q:\n%s", culprit, c.culprit, text)
			}
			if c.notBlamed != "" && strings.Contains(text, c.notBlamed) || c.culprit != "" && strings.Contains(text, "one of") {
				t.Errorf("offers a value that cannot be nil:\n%s", text)
			}
			if c.culprit == "" && !strings.Contains(text, "one of `p.Author`, `p`") {
				t.Errorf("both candidates should be named when p may be nil:\n%s", text)
			}
		})
	}
}
