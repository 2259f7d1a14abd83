package offline

import (
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// The runtime adds "(types from different packages)" to a failed type
// assertion's message when the value's type and the asserted one print the
// same: two types of one name from two packages, usually two versions of
// one module (the app imports gopkg.in/go-playground/validator.v8, the
// library that made the value uses github.com/go-playground/validator/v10).
// "(types from different scopes)" is two types of one name declared in
// different functions of one package.

// libraryImports are the import paths known libraries use for a package
// whose values they hand to the app: keyed by the library's import path
// and the package's name.
var libraryImports = map[[2]string]string{
	{"github.com/gin-gonic/gin", "validator"}: "github.com/go-playground/validator/v10",
}

// sameNameTypes explains a type assertion that failed between two types
// of the same name; twins is the runtime's note ("types from different
// packages" or "types from different scopes"). It reports whether it
// applies.
func (a *analysis) sameNameTypes(assertion, want, twins string) bool {
	if twins == "" {
		return false
	}
	if strings.HasSuffix(twins, "scopes") {
		a.why(assertion + " failed although the names match: the value's type and the asserted one are two different types named " + code(want) + ", declared in different scopes of one package (the runtime says " + code(twins) + "), such as two functions that each declare a type of that name.")
		a.fix("Declare " + code(unqualify(want)) + " once, at package level, and use that type where the value is made and where it is asserted.")
		return true
	}
	a.why(assertion + " failed although the names match: the value's type and the asserted one are two different types named " + code(want) + " from two different packages (the runtime says " + code(twins) + "). This is usually two versions of one module in the build: the app imports one version, and the code that made the value uses another.")
	pkg := typePackage(want)
	a.g.Add("go mod graph")
	path, line, ok := a.importOf(pkg)
	if !ok {
		a.fix("Find the import of " + code(pkg) + " in this file and import the version the library that made the value uses, so that both name the same type; " + code("go mod graph") + " shows which module requires which version.")
		return true
	}
	a.g.Add(path)
	a.why("This file imports " + code(path) + " at " + a.cite(line) + ".")
	uses := ""
	for _, f := range a.r.Frames {
		if lib, ok := libraryImports[[2]string{framePackage(f.Function), pkg}]; ok && lib != path {
			uses = lib
			a.g.Add(lib)
			a.why("The trace runs through " + code(framePackage(f.Function)) + ", which uses " + code(lib) + ": an error it made holds that version's type.")
			break
		}
	}
	if uses != "" {
		a.fix("Import the version the library uses, " + code(uses) + ", in place of " + code(path) + ", so that the assertion names the type the value has.")
	} else {
		a.fix("Import the version the library uses in place of " + code(path) + " (" + code("go mod graph") + " shows which module requires which version), so that the assertion names the type the value has.")
	}
	return true
}

// typePackage returns the package qualifier of a printed type
// ("validator" for "*validator.ValidationErrors"), "" when unqualified.
func typePackage(t string) string {
	t = strings.TrimLeft(t, "*[]")
	if i := strings.IndexByte(t, '.'); i > 0 {
		return t[:i]
	}
	return ""
}

// framePackage returns the import path of a trace's function name
// ("github.com/gin-gonic/gin" for "github.com/gin-gonic/gin.(*Context).Next").
func framePackage(fn string) string {
	i := strings.LastIndexByte(fn, '/') + 1
	if j := strings.IndexByte(fn[i:], '.'); j >= 0 {
		return fn[:i+j]
	}
	return fn
}

// importOf finds the failing file's import of the package called name:
// its path and line.
func (a *analysis) importOf(name string) (string, sourceLine, bool) {
	if name == "" || a.s.Frame == nil {
		return "", sourceLine{}, false
	}
	if src := a.app(); src != nil && src.mod != nil {
		if f := src.mod.FileAt(a.s.Frame.File); f != nil {
			for _, im := range f.Syntax().Imports {
				p, err := strconv.Unquote(im.Path.Value)
				if err != nil {
					continue
				}
				if im.Name != nil && im.Name.Name == name || im.Name == nil && appsource.AssumedPackageName(p) == name {
					n := src.fset.Position(im.Pos()).Line
					text := ""
					if n >= 1 && n <= len(f.Lines()) {
						text = strings.TrimSpace(f.Lines()[n-1])
					}
					return p, sourceLine{Path: f.Path, Line: n, Text: text}, true
				}
			}
		}
	}
	for _, l := range a.c.Find(importLine) {
		m := importLine.FindStringSubmatch(l.Text)
		if l.File != a.s.File {
			continue
		}
		if m[1] == name || m[1] == "" && appsource.AssumedPackageName(m[2]) == name {
			return m[2], sourceLine{Path: a.s.Frame.File, Line: l.Number, Text: strings.TrimSpace(l.Text)}, true
		}
	}
	return "", sourceLine{}, false
}
