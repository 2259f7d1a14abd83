package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
)

// PackageVar is a package-level variable of the module: its file and its
// declared type (nil when it is declared by its value alone).
type PackageVar struct {
	File *File
	Type ast.Expr
	Line int
}

// PackageVar returns the package variable called name of the package in
// dir; the package's variables are read once per Module and package.
func (m *Module) PackageVar(dir, name string) (PackageVar, bool) {
	dir = filepath.Clean(dir)
	v, ok := m.pkgVars.Load(dir)
	if !ok {
		vars := map[string]PackageVar{}
		m.eachVarSpec(func(f *File) bool { return filepath.Dir(f.Path) == dir }, func(f *File, vs *ast.ValueSpec) {
			for _, n := range vs.Names {
				if _, dup := vars[n.Name]; !dup && n.Name != "_" {
					vars[n.Name] = PackageVar{File: f, Type: vs.Type, Line: m.Fset.Position(n.Pos()).Line}
				}
			}
		})
		v, _ = m.pkgVars.LoadOrStore(dir, vars)
	}
	pv, ok := v.(map[string]PackageVar)[name]
	return pv, ok
}

// eachVarSpec calls fn with each package-level var spec of the files keep
// accepts.
func (m *Module) eachVarSpec(keep func(*File) bool, fn func(*File, *ast.ValueSpec)) {
	for _, f := range m.Files {
		if !keep(f) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, sp := range gd.Specs {
					fn(f, sp.(*ast.ValueSpec))
				}
			}
		}
	}
}
