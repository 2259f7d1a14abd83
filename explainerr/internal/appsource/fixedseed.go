package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"
)

// A generator of values a column keeps unique (an id, a code) often
// draws from math/rand. A source seeded with a constant
// (rand.New(rand.NewSource(1)), rand.Seed(42)) gives the same sequence at
// every start: the values of the first run are drawn again, and the rows
// made then already have them.

// reConstSeed matches the seeding of a math/rand source with a literal.
var reConstSeed = regexp.MustCompile(`\brand\.(?:NewSource|Seed)\(\s*-?\d+\s*\)`)

// FixedSeed is a constant seed a generator draws from.
type FixedSeed struct {
	Drawer FuncRef // the function that draws from the source
	File   *File   // the seed's file
	Line   int     // the seed's line
}

// FixedSeedOf returns the constant seed of the source the function
// generator (or a function it calls, two calls deep) draws from: a
// package variable's initialisation, or a call of rand.Seed in the
// package.
func (m *Module) FixedSeedOf(generator FuncRef) (FixedSeed, bool) {
	funcs := []FuncRef{generator}
	for depth := 0; depth < 2; depth++ {
		for _, f := range funcs[:len(funcs):len(funcs)] {
			funcs = append(funcs, m.Callees(f.File, f.Decl, 0)...)
		}
	}
	for _, f := range funcs {
		if f.Decl.Body == nil {
			continue
		}
		var found FixedSeed
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || found.Line != 0 {
				return found.Line == 0
			}
			sel, ok := ce.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			dir := filepath.Dir(f.File.Path)
			if id.Name == "rand" {
				// The package's own source: seeded by rand.Seed, if
				// anywhere, in the package.
				if file, line, ok := m.seedCallIn(dir); ok {
					found = FixedSeed{Drawer: f, File: file, Line: line}
				}
				return true
			}
			if v, ok := m.PackageVar(dir, id.Name); ok && v.Line > 0 && v.Line <= len(v.File.Lines()) && reConstSeed.MatchString(v.File.Lines()[v.Line-1]) {
				found = FixedSeed{Drawer: f, File: v.File, Line: v.Line}
			}
			return true
		})
		if found.Line != 0 {
			return found, true
		}
	}
	return FixedSeed{}, false
}

// seedCallIn returns a call of rand.Seed with a literal in the package in
// dir, outside tests.
func (m *Module) seedCallIn(dir string) (*File, int, bool) {
	for _, f := range m.Files {
		if filepath.Dir(f.Path) != dir || strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		for i, l := range f.Lines() {
			if strings.Contains(l, "rand.Seed(") && reConstSeed.MatchString(l) {
				return f, i + 1, true
			}
		}
	}
	return nil, 0, false
}
