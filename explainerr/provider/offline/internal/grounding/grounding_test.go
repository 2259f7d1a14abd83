package grounding

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func groundingReport() *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.boundsError", Message: "runtime error: index out of range [2] with length 2"},
		Frames: []report.Frame{{
			Function: "example.com/blog.(*Store).Recent", File: "/src/blog/store.go", Line: 12, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 11, Line: 12, Lines: []string{"\tposts := s.cache.list()", "\treturn posts[2]"}},
		}},
		Context: []report.Chunk{{File: "models.go", Symbol: "Post", Text: "type Post struct { Title string }"}},
		Request: report.Request{Method: "GET", URL: "/recent", Query: map[string][]string{"limit": {"3"}}},
	}
}

func TestGroundingUnknown(t *testing.T) {
	g := New(groundingReport())
	tests := []struct {
		markdown string
		want     []string
	}{
		{"`posts[2]` in `(*Store).Recent` at `store.go:12`", nil},
		{"uses `Post.Title` and the `limit` parameter", nil},
		{"call `s.cache.refresh()` first", []string{"refresh"}},
		{"check `errors.Is(err, sql.ErrNoRows)`", []string{"err"}},
		// A block may name what it declares with :=, not what it uses.
		{"```go\nposts, err := s.cache.list()\nif err != nil {\n}\n```", nil},
		{"```go\nposts, err := s.cache.fetch(id)\n```", []string{"fetch", "id"}},
		{"answer `http.StatusNotFound`, not `http.StatusTeapotish`", []string{"http.StatusTeapotish"}},
		{"wrap with `(*template.Template).Funcs`", nil},
		{"strings are not identifiers: `posts[\"madeUp\"]`", nil},
		{"```go\nfor _, p := range posts {\n\tfmt.Println(p.Title, len(posts))\n}\n```", []string{"p"}},
		{"template keywords only in actions: `{{with .Title}}{{end}}` but not `end`", []string{"end"}},
		{"no code at all: GetPostByID and friends", nil},
		{"double backticks ``posts[`x`]`` hold a raw string", nil},
		// A format's verb alone is no identifier; a name after % is.
		{"wrap with `%w`, not `%v` or `%+v`", nil},
		{"`n % width`", []string{"n", "width"}},
	}
	for _, tc := range tests {
		got := slices.Compact(slices.Sorted(g.Unknown(tc.markdown)))
		if len(got) == 0 && len(tc.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Unknown(%q) = %v, want %v", tc.markdown, got, tc.want)
		}
	}
}

func TestCodeSegments(t *testing.T) {
	md := "A `one` and ``two `x` two``.\n\n```go\nthree := 3\n```\nthen `four`\nunclosed ` tick"
	want := []string{"one", "two `x` two", "three := 3", "four"}
	if got := codeSegments(md); !reflect.DeepEqual(got, want) {
		t.Errorf("codeSegments = %q, want %q", got, want)
	}
}

// TestStdExportsExist checks every standard library name the analyzer may
// use against the standard library's own source: a misspelt entry would
// let an invented identifier through.
func TestStdExportsExist(t *testing.T) {
	for path, names := range stdExports {
		declared := stdDeclared(t, path)
		for name := range names {
			if !declared[name] {
				t.Errorf("%s does not declare %s", path, name)
			}
		}
	}
	for name, paths := range stdPackages {
		for _, path := range paths {
			if base := path[strings.LastIndexByte(path, '/')+1:]; base != name {
				t.Errorf("package %s is listed under the name %s", path, name)
			}
			if _, err := build.Default.Import(path, "", build.FindOnly); err != nil {
				t.Errorf("%s: %v", path, err)
			}
		}
	}
}

// stdDeclared returns the exported package-level names and method names
// declared in a standard library package's source.
func stdDeclared(t *testing.T, path string) map[string]bool {
	t.Helper()
	pkg, err := build.Default.Import(path, "", 0)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		src, err := os.ReadFile(filepath.Join(pkg.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				out[d.Name.Name] = d.Name.IsExported()
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						out[s.Name.Name] = s.Name.IsExported()
					case *ast.ValueSpec:
						for _, n := range s.Names {
							out[n.Name] = n.IsExported()
						}
					}
				}
			}
		}
	}
	return out
}
