package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
)

// FuncRef is one function declaration of the module and its file.
type FuncRef struct {
	File *File
	Decl *ast.FuncDecl
	// Via says how a call reached the function when it was not named
	// directly: report.ReasonImplementation for a method reached through
	// an interface; "" otherwise.
	Via string
}

// declIndex finds the module's declarations by name. It is made once per
// Module, on first use.
type declIndex struct {
	// funcs holds functions without a receiver by directory and name.
	funcs map[dirName][]FuncRef
	// methods holds methods by name.
	methods map[string][]FuncRef
	// types holds type declarations by directory and name.
	types map[dirName]TypeRef
	// methodNames holds the names of the methods declared on each type,
	// by its directory and name.
	methodNames map[dirName]map[string]bool
}

// TypeRef is one type declaration of the module and its file.
type TypeRef struct {
	File *File
	Spec *ast.TypeSpec
	// Decl is the declaration that holds Spec, for its line range.
	Decl *ast.GenDecl
}

type dirName struct{ dir, name string }

func (m *Module) index() *declIndex {
	m.declOnce.Do(func() {
		x := &declIndex{funcs: map[dirName][]FuncRef{}, methods: map[string][]FuncRef{}, types: map[dirName]TypeRef{}, methodNames: map[dirName]map[string]bool{}}
		for _, f := range m.Files {
			dir := filepath.Dir(f.Path)
			for _, d := range f.AST.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Body == nil {
						continue
					}
					if d.Recv == nil {
						k := dirName{dir, d.Name.Name}
						x.funcs[k] = append(x.funcs[k], FuncRef{File: f, Decl: d})
					} else {
						x.methods[d.Name.Name] = append(x.methods[d.Name.Name], FuncRef{File: f, Decl: d})
						k := dirName{dir, ReceiverName(d)}
						if x.methodNames[k] == nil {
							x.methodNames[k] = map[string]bool{}
						}
						x.methodNames[k][d.Name.Name] = true
					}
				case *ast.GenDecl:
					if d.Tok != token.TYPE {
						continue
					}
					for _, sp := range d.Specs {
						ts := sp.(*ast.TypeSpec)
						x.types[dirName{dir, ts.Name.Name}] = TypeRef{f, ts, d}
					}
				}
			}
		}
		m.decls = x
	})
	return m.decls
}

// Func returns the functions without a receiver called name in the
// package in directory dir.
func (m *Module) Func(dir, name string) []FuncRef {
	return m.index().funcs[dirName{filepath.Clean(dir), name}]
}

// Methods returns the methods called name, of any type of the module.
func (m *Module) Methods(name string) []FuncRef {
	return m.index().methods[name]
}

// Type returns the type called name declared in the package in directory
// dir.
func (m *Module) Type(dir, name string) (TypeRef, bool) {
	t, ok := m.index().types[dirName{filepath.Clean(dir), name}]
	return t, ok
}

// fieldType returns the type expression of field in the struct type t,
// nil when it has none.
func fieldType(t TypeRef, field string) ast.Expr {
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.Name == field {
				return fl.Type
			}
		}
		if len(fl.Names) == 0 && TypeName(fl.Type) == field {
			return fl.Type
		}
	}
	return nil
}
