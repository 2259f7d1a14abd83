package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// restatedClasses are the failure classes no pass is given: the
// restatement of an unrecognised failure (analysis.unknown) explains them,
// or a pass sets them after the dispatch.
var restatedClasses = map[Class]bool{
	ClassUnknown:         false, // given to the recovered-site pass first
	ClassDeliberatePanic: true,
	ClassRejectedInput:   true,
	ClassInputName:       true,
	ClassEmptySetting:    true,
	ClassLostSentinel:    true,
	ClassRecovered:       true, // set by the recovered-site pass
	ClassNilFunc:         true, // set by the nil-pointer pass
}

func TestEveryClassHasOnePass(t *testing.T) {
	owner := map[Class]string{}
	names := map[string]bool{}
	for _, p := range passes {
		if names[p.name] {
			t.Errorf("two passes are called %s", p.name)
		}
		names[p.name] = true
		if p.doc == "" || len(p.classes) == 0 || p.explain == nil {
			t.Errorf("pass %s lacks a doc, classes or an explain step", p.name)
		}
		for _, c := range p.classes {
			if prev, ok := owner[c]; ok {
				t.Errorf("class %s is given to both %s and %s", c, prev, p.name)
			}
			owner[c] = p.name
		}
	}
	for _, c := range failureClasses(t) {
		_, has := owner[c]
		switch {
		case !has && !restatedClasses[c]:
			t.Errorf("no pass recognises class %s", c)
		case has && restatedClasses[c]:
			t.Errorf("class %s is given to pass %s and said to be restated", c, owner[c])
		}
	}
}

// failureClasses returns the classes package failureclass declares.
func failureClasses(t *testing.T) []Class {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "..", "failureclass", "class.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []Class
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
			if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				out = append(out, Class(s))
			}
		}
		return true
	})
	if len(out) < 10 {
		t.Fatalf("read %d classes from failureclass/class.go", len(out))
	}
	return out
}

func TestPassesLiveInFilesNamedAfterThem(t *testing.T) {
	_, _, declared := packagePasses(t)
	for _, p := range passes {
		file, ok := declared[p.name]
		switch {
		case !ok:
			t.Errorf("pass %s is declared in no file of the package", p.name)
		case file != strings.ReplaceAll(p.name, "-", "")+".go":
			t.Errorf("pass %s is declared in %s, want %s.go", p.name, file, strings.ReplaceAll(p.name, "-", ""))
		}
		if _, err := os.Stat(filepath.Join("testdata", "passes", p.name)); err != nil {
			t.Errorf("pass %s has no test data: %v", p.name, err)
		}
	}
}

func TestPackageDocNamesEveryPass(t *testing.T) {
	data, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(data)), " ")
	for _, p := range passes {
		if !strings.Contains(doc, p.name) {
			t.Errorf("the package doc (doc.go) does not name pass %s", p.name)
		}
	}
}
