package offline

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A generator of values a column keeps unique (an id, a code) often
// draws from math/rand. A source seeded with a constant
// (rand.New(rand.NewSource(1)), rand.Seed(42)) gives the same sequence at
// every start: the values of the first run are drawn again, and the rows
// made then already have them.

// reConstSeed matches the seeding of a math/rand source with a literal.
var reConstSeed = compiled(`\brand\.(?:NewSource|Seed)\(\s*-?\d+\s*\)`)

// fixedSeed returns, for the generator function called name, the line that
// seeds with a constant the source it (or a function it calls, two calls
// deep) draws from: a package variable's initialisation, or a call of
// rand.Seed in the package.
func (a *analysis) fixedSeed(name string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	refs := src.mod.Named(name, "")
	if len(refs) != 1 {
		return sourceLine{}, false
	}
	funcs := []appsource.FuncRef{refs[0]}
	for depth := 0; depth < 2; depth++ {
		for _, f := range funcs[:len(funcs):len(funcs)] {
			funcs = append(funcs, src.mod.Callees(f.File, f.Decl, 0)...)
		}
	}
	for _, f := range funcs {
		var found sourceLine
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
			if id.Name == "rand" {
				// The package's own source: seeded by rand.Seed, if
				// anywhere, in the package.
				if l, ok := seedCallIn(src, filepath.Dir(f.File.Path)); ok {
					found = l
				}
				return true
			}
			if v, ok := src.mod.PackageVar(filepath.Dir(f.File.Path), id.Name); ok && v.Line > 0 && v.Line <= len(v.File.Lines()) {
				if text := strings.TrimSpace(v.File.Lines()[v.Line-1]); reConstSeed.MatchString(text) {
					found = sourceLine{Path: v.File.Path, Line: v.Line, Text: text}
				}
			}
			return true
		})
		if found.Line != 0 {
			return found, true
		}
	}
	return sourceLine{}, false
}

// seedCallIn returns a call of rand.Seed with a literal in a function of
// the package in dir.
func seedCallIn(src *appSource, dir string) (sourceLine, bool) {
	for _, f := range src.mod.Files {
		if filepath.Dir(f.Path) != dir || strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		for i, l := range f.Lines() {
			if strings.Contains(l, "rand.Seed(") && reConstSeed.MatchString(l) {
				_, fd := src.mod.FuncAt(f.Path, i+1)
				fn := ""
				if fd != nil {
					fn = funcName(fd)
				}
				return sourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(l), Func: fn}, true
			}
		}
	}
	return sourceLine{}, false
}
