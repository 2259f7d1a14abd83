package appsource

import (
	"go/ast"
	"path/filepath"
	"slices"
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

// declIndex finds the module's declarations by name, from the files'
// facts: no file is parsed to make it. It is made once per Module, on
// first use; a declaration's syntax is parsed when it is asked for.
type declIndex struct {
	// funcs holds functions without a receiver by directory and name.
	funcs map[dirName][]declRef
	// methods holds methods by name.
	methods map[string][]declRef
	// types holds type declarations by directory and name.
	types map[dirName]typeDecl
	// methodNames holds the names of the methods declared on each type,
	// by its directory and name.
	methodNames map[dirName]map[string]bool
}

// declRef is a function declaration as its file's facts give it.
type declRef struct {
	file *File
	fact *funcFact
}

// typeDecl is a type declaration as its file's facts give it.
type typeDecl struct {
	file *File
	fact *typeFact
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
		x := &declIndex{funcs: map[dirName][]declRef{}, methods: map[string][]declRef{}, types: map[dirName]typeDecl{}, methodNames: map[dirName]map[string]bool{}}
		for _, f := range m.Files {
			dir := filepath.Dir(f.Path)
			for i := range f.facts.Funcs {
				fn := &f.facts.Funcs[i]
				if fn.Recv == "" {
					k := dirName{dir, fn.Name}
					x.funcs[k] = append(x.funcs[k], declRef{f, fn})
					continue
				}
				x.methods[fn.Name] = append(x.methods[fn.Name], declRef{f, fn})
				k := dirName{dir, fn.Recv}
				if x.methodNames[k] == nil {
					x.methodNames[k] = map[string]bool{}
				}
				x.methodNames[k][fn.Name] = true
			}
			for i := range f.facts.Types {
				t := &f.facts.Types[i]
				x.types[dirName{dir, t.Name}] = typeDecl{f, t}
			}
		}
		m.decls = x
	})
	return m.decls
}

// funcRefs parses the declarations refs name.
func funcRefs(refs []declRef) []FuncRef {
	var out []FuncRef
	for _, r := range refs {
		if fd := r.file.funcAt(r.fact.Offset); fd != nil {
			out = append(out, FuncRef{File: r.file, Decl: fd})
		}
	}
	return out
}

// Func returns the functions without a receiver called name in the
// package in directory dir.
func (m *Module) Func(dir, name string) []FuncRef {
	return funcRefs(m.index().funcs[dirName{filepath.Clean(dir), name}])
}

// Methods returns the methods called name, of any type of the module.
func (m *Module) Methods(name string) []FuncRef {
	return funcRefs(m.index().methods[name])
}

// Named returns the functions and methods called name, of any package of
// the module, in file order; with recv set, only the methods of the types
// called recv. Only their files are parsed.
func (m *Module) Named(name, recv string) []FuncRef {
	var refs []declRef
	for _, f := range m.Files {
		for i := range f.facts.Funcs {
			if fn := &f.facts.Funcs[i]; fn.Name == name && (recv == "" || fn.Recv == recv) {
				refs = append(refs, declRef{f, fn})
			}
		}
	}
	return funcRefs(refs)
}

// HasComposite reports whether a function of the file holds a composite
// literal of a type called typ, from its facts.
func (f *File) HasComposite(typ string) bool { return slices.Contains(f.facts.Composites, typ) }

// MaySetField reports whether a function of the file may set a field
// called field (x.field = v, field: v in a literal, &x.field), from its
// facts.
func (f *File) MaySetField(field string) bool { return slices.Contains(f.facts.FieldsSet, field) }

// Type returns the type called name declared in the package in directory
// dir.
func (m *Module) Type(dir, name string) (TypeRef, bool) {
	t, ok := m.typeDecl(dir, name)
	if !ok {
		return TypeRef{}, false
	}
	gd, _ := t.file.declAt(t.fact.Offset).(*ast.GenDecl)
	if gd == nil {
		return TypeRef{}, false
	}
	for _, sp := range gd.Specs {
		if ts := sp.(*ast.TypeSpec); ts.Name.Name == name {
			return TypeRef{t.file, ts, gd}, true
		}
	}
	return TypeRef{}, false
}

// typeDecl returns the facts of the type called name in the package in
// directory dir, without parsing its file.
func (m *Module) typeDecl(dir, name string) (typeDecl, bool) {
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
