package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A handler that calls a store through an interface-typed field
// (s.store.Get) names no function the syntax can follow: the code that
// runs is a method of whichever module type implements the interface.
// Implementations finds those types by their method sets, read from the
// syntax: the methods declared on a type and on the structs it embeds.
// An interface's methods are its own and those of the module interfaces
// it embeds; an embedded interface from outside the module (io.Reader)
// is not required, since its methods cannot be read here.

// maxImplementations bounds the implementations one call resolves to:
// past it, the interface is too general (an io.Writer-like one) for any
// one of them to be the code that ran.
const maxImplementations = 3

// methodSet returns the names of the methods of the module type t: its
// own and those of the struct types it embeds, to a few levels. It reads
// the files' facts only.
func (m *Module) methodSet(t typeKey, depth int) map[string]bool {
	out := map[string]bool{}
	for name := range m.index().methodNames[dirName(t)] {
		out[name] = true
	}
	if depth > 3 {
		return out
	}
	td, ok := m.typeDecl(t.dir, t.name)
	if !ok || td.fact.Interface {
		return out
	}
	for _, e := range td.fact.Embedded {
		if et := m.factType(td.file, e); et.name != "" {
			for name := range m.methodSet(et, depth+1) {
				out[name] = true
			}
		}
	}
	return out
}

// embedsOutside reports whether the struct type t embeds a type the
// module does not declare, whose methods are not read.
func (m *Module) embedsOutside(t typeKey) bool {
	td, ok := m.typeDecl(t.dir, t.name)
	if !ok || td.fact.Interface {
		return false
	}
	for _, e := range td.fact.Embedded {
		if et := m.factType(td.file, e); et.name == "" {
			return true
		}
	}
	return false
}

// interfaceMethods returns the method names an interface type of the
// module requires, and false when t is not an interface.
func (m *Module) interfaceMethods(t typeKey, depth int) (map[string]bool, bool) {
	td, ok := m.typeDecl(t.dir, t.name)
	if !ok || !td.fact.Interface {
		return nil, false
	}
	out := map[string]bool{}
	if depth > 3 {
		return out, true
	}
	for _, n := range td.fact.Methods {
		out[n] = true
	}
	for _, e := range td.fact.Embedded {
		if et := m.factType(td.file, e); et.name != "" {
			if more, ok := m.interfaceMethods(et, depth+1); ok {
				for n := range more {
					out[n] = true
				}
			}
		}
	}
	return out, true
}

// factType returns the module type that e, written in the file f, names;
// a zero typeKey when it is not one of the module's.
func (m *Module) factType(f *File, e typeExpr) typeKey {
	if e.Name == "" {
		return typeKey{}
	}
	dir := filepath.Dir(f.Path)
	if e.Pkg != "" {
		if dir = importDirs(m, f)[e.Pkg]; dir == "" {
			return typeKey{}
		}
	}
	if _, ok := m.typeDecl(dir, e.Name); ok {
		return typeKey{filepath.Clean(dir), e.Name}
	}
	return typeKey{}
}

// implementations returns the methods called method that run for a call
// through the module interface t: for each module type that implements
// it (all of its module-declared methods, its own or its embedded
// structs'), the method declared on it or on the struct it embeds, marked
// as reached through the interface; nil when t is not a module interface,
// or when more than maxImplementations types implement it.
func (m *Module) implementations(t typeKey, method string) []FuncRef {
	key := t.dir + "\x00" + t.name + "\x00" + method
	if v, ok := m.impls.Load(key); ok {
		return v.([]FuncRef)
	}
	out := m.findImplementations(t, method)
	m.impls.Store(key, out)
	return out
}

// findImplementations does the work of implementations.
func (m *Module) findImplementations(t typeKey, method string) []FuncRef {
	want, ok := m.interfaceMethods(t, 0)
	if !ok || !want[method] {
		return nil
	}
	var out []FuncRef
	for k := range m.index().methodNames {
		recv := typeKey(k)
		if recv.name == "" || isMockName(recv.name) || isMockDir(recv.dir) {
			continue
		}
		set := m.methodSet(recv, 0)
		missing := 0
		for name := range want {
			if !set[name] {
				missing++
			}
		}
		// A type that embeds one from outside the module (a Postgres
		// store that embeds *sql.DB has its Close) may get the methods
		// it lacks from it: it implements the interface when it declares
		// the method called and most of the others.
		if missing > 0 && !(set[method] && m.embedsOutside(recv) && 3*missing <= len(want)) {
			continue
		}
		if ref, ok := m.methodOf(recv, method, 0); ok {
			ref.Via = report.ReasonImplementation
			out = append(out, ref)
		}
	}
	if len(out) > 1 {
		// Several by their method names: those whose signature is the
		// interface's, when that tells them apart.
		if fit := m.signatureFits(t, method, out); len(fit) > 0 {
			out = fit
		}
	}
	if len(out) > maxImplementations {
		return nil
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File.Path != out[j].File.Path {
			return out[i].File.Path < out[j].File.Path
		}
		return out[i].Decl.Pos() < out[j].Decl.Pos()
	})
	return out
}

// methodOf returns the method called name of the module type t: declared
// on t, else on a struct type t embeds.
func (m *Module) methodOf(t typeKey, name string, depth int) (FuncRef, bool) {
	for _, ref := range m.index().methods[name] {
		if ref.fact.Recv == t.name && filepath.Dir(ref.file.Path) == t.dir {
			if refs := funcRefs([]declRef{ref}); len(refs) == 1 {
				return refs[0], true
			}
		}
	}
	td, ok := m.typeDecl(t.dir, t.name)
	if !ok || depth > 3 || td.fact.Interface {
		return FuncRef{}, false
	}
	for _, e := range td.fact.Embedded {
		if et := m.factType(td.file, e); et.name != "" {
			if ref, ok := m.methodOf(et, name, depth+1); ok {
				return ref, true
			}
		}
	}
	return FuncRef{}, false
}

// isMockName reports whether a type's name says it stands in for the real
// one in tests ("MockStore", "fakeClock", "stubMailer").
func isMockName(name string) bool {
	l := strings.ToLower(name)
	for _, p := range []string{"mock", "fake", "stub", "dummy", "spy"} {
		if strings.HasPrefix(l, p) || strings.HasSuffix(l, p) {
			return true
		}
	}
	return false
}

// isMockDir reports whether a package's directory says it holds stand-ins
// for tests (mocks/, fakes/, mock/, testutil/), as mockery and gomock
// write them.
func isMockDir(dir string) bool {
	switch strings.ToLower(filepath.Base(dir)) {
	case "mock", "mocks", "fake", "fakes", "stub", "stubs", "testutil", "testutils", "mockstore", "mockdb":
		return true
	}
	return false
}

// Implementations returns the module methods that a call of method on a
// value of the module interface named ifaceName, declared in the package
// in directory dir, may run; nil when there is no such interface, or too
// many types implement it to tell.
func (m *Module) Implementations(dir, ifaceName, method string) []FuncRef {
	return m.implementations(typeKey{filepath.Clean(dir), ifaceName}, method)
}

// importDirs maps the names under which f imports the module's packages
// to their directories (the last element of the path when the import
// gives no name), from its facts.
func importDirs(m *Module, f *File) map[string]string {
	out := map[string]string{}
	for _, im := range f.facts.Imports {
		name, p := im.Name, im.Path
		if name == "" {
			name = p[strings.LastIndexByte(p, '/')+1:]
		}
		if dir, ok := m.importDir(p); ok {
			out[name] = dir
		}
	}
	return out
}

// signatureFits returns the methods of refs whose parameters and results
// are those the interface t's method called method declares, type by
// type as written, package qualifiers aside: a method set matched by
// names alone takes UserService's Delete(ctx, UserIdentifier) and
// PeerService's Delete(ctx, PeerIdentifier) for one another. nil when
// the interface's method cannot be read (an embedded one).
func (m *Module) signatureFits(t typeKey, method string, refs []FuncRef) []FuncRef {
	want := m.interfaceMethodType(t, method)
	if want == nil {
		return nil
	}
	var out []FuncRef
	for _, ref := range refs {
		if slices.Equal(fieldTypes(want.Params), fieldTypes(ref.Decl.Type.Params)) && slices.Equal(fieldTypes(want.Results), fieldTypes(ref.Decl.Type.Results)) {
			out = append(out, ref)
		}
	}
	return out
}

// interfaceMethodType returns the type of the method called method that
// the module interface t declares itself; nil when it does not.
func (m *Module) interfaceMethodType(t typeKey, method string) *ast.FuncType {
	tr, ok := m.Type(t.dir, t.name)
	if !ok {
		return nil
	}
	it, ok := tr.Spec.Type.(*ast.InterfaceType)
	if !ok {
		return nil
	}
	for _, f := range it.Methods.List {
		for _, n := range f.Names {
			if ft, isFunc := f.Type.(*ast.FuncType); isFunc && n.Name == method {
				return ft
			}
		}
	}
	return nil
}

// fieldTypes lists a parameter or result list's types, one per value,
// written without package qualifiers (domain.UserIdentifier is
// UserIdentifier, interface{} is any).
func fieldTypes(fl *ast.FieldList) []string {
	if fl == nil {
		return nil
	}
	var out []string
	for _, f := range fl.List {
		text := reQualifier.ReplaceAllString(astutil.ExprString(f.Type), "")
		if text == "interface{}" {
			text = "any"
		}
		for range max(1, len(f.Names)) {
			out = append(out, text)
		}
	}
	return out
}

// reQualifier matches a package qualifier in a type's text.
var reQualifier = regexp.MustCompile(`\b\w+\.`)
