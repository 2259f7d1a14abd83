package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestNames(t *testing.T) {
	src := `package p
func (s *Store) A() {}
func (l List[T]) B() {}
func (p Pair[K, V]) C() {}
func F() {}
var x []*pkg.Thing
var y map[string]int
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			got = append(got, ReceiverName(d))
		case *ast.GenDecl:
			got = append(got, TypeName(d.Specs[0].(*ast.ValueSpec).Type))
		}
	}
	want := []string{"Store", "List", "Pair", "", "Thing", ""}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("name %d = %q, want %q", i, got[i], want[i])
		}
	}
}

func TestLastName(t *testing.T) {
	for src, want := range map[string]string{"x": "x", "a.b.X": "X", "f()": "", "&T{}": ""} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := LastName(e); got != want {
			t.Errorf("LastName(%s) = %q, want %q", src, got, want)
		}
	}
}
