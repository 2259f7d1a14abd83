package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExprStringAsGoTypesWritesIt: every expression of a sample of the
// standard library's files is written as go/types writes it.
func TestExprStringAsGoTypesWritesIt(t *testing.T) {
	for _, src := range []string{
		"a.b[c](d, e...)", "func(x int, y ...string) (n int, err error) { return }", "struct{ a, b int; c string `tag` }",
		"interface{ M(int) bool; N() }", "map[string][]*T", "<-chan int", "chan<- int", "[...]int{1, 2}", "T{}",
		"s[1:2:3]", "s[:]", "x.(type)", "-x + *p", "G[int, string]", "func()", "[]func() error", "(a)",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got, want := ExprString(e), types.ExprString(e); got != want {
			t.Errorf("%s: got %q, want %q", src, got, want)
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(strings.TrimSpace(string(goroot)), "src", "net", "http")
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	n := 0
	for _, path := range files[:min(len(files), 20)] {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, data, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		ast.Inspect(f, func(node ast.Node) bool {
			if e, ok := node.(ast.Expr); ok {
				n++
				if got, want := ExprString(e), types.ExprString(e); got != want {
					t.Errorf("%s: got %q, want %q", filepath.Base(path), got, want)
				}
			}
			return true
		})
	}
	if n < 1000 {
		t.Errorf("only %d expressions compared", n)
	}
}
