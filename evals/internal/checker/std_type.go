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

// stdMember reports whether a qualified name ("syscall.Getenv") is an
// exported name of a standard-library package of that name: one a module
// file outside this build (its build constraint excludes it) may use.
func stdMember(sel string) bool {
	head, name, ok := strings.Cut(normalizeSelector(sel), ".")
	if !ok || strings.Contains(name, ".") || !identRe.MatchString(head) || !ast.IsExported(name) {
		return false
	}
	for _, dir := range stdDirs()[head] {
		if declaresName(dir, head, name, declaresAny) {
			return true
		}
	}
	return false
}

// declaresType reports whether the Go files of dir, of package pkg,
// declare a type of that name at their top level.
func declaresType(dir, pkg, name string) bool {
	return declaresName(dir, pkg, name, declares)
}

// declaresName reports whether a top-level declaration of the Go files of
// dir, of package pkg, is one decl accepts for name.
func declaresName(dir, pkg, name string, decl func(ast.Decl, string) bool) bool {
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
			if decl(d, name) {
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

// declaresAny reports whether a top-level declaration declares a function,
// type, variable or constant of that name.
func declaresAny(d ast.Decl, name string) bool {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Recv == nil && d.Name.Name == name
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				if sp.Name.Name == name {
					return true
				}
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					if n.Name == name {
						return true
					}
				}
			}
		}
	}
	return false
}

// unbuiltFiles returns the module's Go files that are not part of the
// loaded build (a build constraint or a file name's GOOS or GOARCH leaves
// them out), parsed once.
func (c *Checker) unbuiltFiles() map[string]*ast.File {
	c.unbuiltOnce.Do(func() {
		built := map[string]bool{}
		for _, p := range c.m.Pkgs {
			for _, f := range p.GoFiles {
				built[c.m.Rel(f)] = true
			}
		}
		c.unbuilt = map[string]*ast.File{}
		fset := token.NewFileSet()
		for _, file := range sortedFiles(c.m) {
			if !strings.HasSuffix(file, ".go") || built[file] {
				continue
			}
			src := strings.Join(c.m.Files[file], "\n")
			if f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution); err == nil {
				c.unbuilt[file] = f
			}
		}
	})
	return c.unbuilt
}

// unbuiltWhere returns the first module Go file outside the loaded build,
// in file order, whose parsed syntax holds, or "".
func (c *Checker) unbuiltWhere(holds func(f *ast.File) bool) string {
	files := c.unbuiltFiles()
	for _, file := range sortedFiles(c.m) {
		if f := files[file]; f != nil && holds(f) {
			return file
		}
	}
	return ""
}

// declaredOutsideBuild returns a module Go file outside the loaded build
// that declares name at its top level (a function, a method, a type, a
// variable or a constant), or "".
func (c *Checker) declaredOutsideBuild(name string) string {
	return c.unbuiltWhere(func(f *ast.File) bool {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name || declaresAny(d, name) {
				return true
			}
		}
		return false
	})
}

// importsOutsideBuild returns a module Go file that imports the standard
// package named head but is not part of the loaded build (a build
// constraint leaves it out), or "".
func (c *Checker) importsOutsideBuild(head string) string {
	return c.unbuiltWhere(func(f *ast.File) bool {
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if imp.Name == nil && (path == head || strings.HasSuffix(path, "/"+head)) || imp.Name != nil && imp.Name.Name == head {
				return true
			}
		}
		return false
	})
}
