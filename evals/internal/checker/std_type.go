package checker

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// stdDirs maps the name of each standard-library package (its directory's
// last element: "sql", "rand") to the directories that hold one, read once
// from GOROOT.
var stdDirs = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	root := filepath.Join(build.Default.GOROOT, "src")
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		switch d.Name() {
		case "internal", "vendor", "testdata", "cmd":
			return filepath.SkipDir
		}
		if path != root {
			out[d.Name()] = append(out[d.Name()], path)
		}
		return nil
	})
	return out
})

// stdType reports whether a qualified name the module does not know
// ("sql.Scanner" where the module imports only database/sql/driver) is
// an exported type declared by a standard-library package of that name:
// an interface the module's types may satisfy without importing it, not
// a name the sentence made up. A function or variable of a package the
// module does not import is one its code cannot use, and stays unknown.
func stdType(sel string) bool {
	head, name, ok := strings.Cut(normalizeSelector(sel), ".")
	if !ok || strings.Contains(name, ".") || !identRe.MatchString(head) || !ast.IsExported(name) {
		return false
	}
	for _, dir := range stdDirs()[head] {
		if declaresType(dir, head, name) {
			return true
		}
	}
	return false
}

// declaresType reports whether the Go files of dir, of package pkg,
// declare a type of that name at their top level.
func declaresType(dir, pkg, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg {
			continue
		}
		for _, d := range f.Decls {
			if declares(d, name) {
				return true
			}
		}
	}
	return false
}

// declares reports whether a top-level declaration declares a type of
// that name.
func declares(d ast.Decl, name string) bool {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.TYPE {
		return false
	}
	for _, sp := range gd.Specs {
		if ts, ok := sp.(*ast.TypeSpec); ok && ts.Name.Name == name {
			return true
		}
	}
	return false
}
