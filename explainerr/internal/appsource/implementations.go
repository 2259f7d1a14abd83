package appsource

import (
	"go/ast"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
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
// own and those of the struct types it embeds, to a few levels.
func (m *Module) methodSet(t typeKey, depth int) map[string]bool {
	out := map[string]bool{}
	for name := range m.index().methodNames[dirName(t)] {
		out[name] = true
	}
	if depth > 3 {
		return out
	}
	tr, ok := m.Type(t.dir, t.name)
	if !ok {
		return out
	}
	st, ok := tr.Spec.Type.(*ast.StructType)
	if !ok || st.Fields == nil {
		return out
	}
	r := &resolver{m: m, f: tr.File, dir: t.dir, imports: importDirs(m, tr.File)}
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		if et := r.moduleType(f.Type, t.dir); et.name != "" {
			for name := range m.methodSet(et, depth+1) {
				out[name] = true
			}
		}
	}
	return out
}

// interfaceMethods returns the method names an interface type of the
// module requires, and false when t is not an interface.
func (m *Module) interfaceMethods(t typeKey, depth int) (map[string]bool, bool) {
	tr, ok := m.Type(t.dir, t.name)
	if !ok {
		return nil, false
	}
	it, ok := tr.Spec.Type.(*ast.InterfaceType)
	if !ok {
		return nil, false
	}
	out := map[string]bool{}
	if it.Methods == nil || depth > 3 {
		return out, true
	}
	r := &resolver{m: m, f: tr.File, dir: t.dir, imports: importDirs(m, tr.File)}
	for _, f := range it.Methods.List {
		if len(f.Names) > 0 {
			for _, n := range f.Names {
				out[n.Name] = true
			}
			continue
		}
		if et := r.moduleType(f.Type, t.dir); et.name != "" {
			if more, ok := m.interfaceMethods(et, depth+1); ok {
				for n := range more {
					out[n] = true
				}
			}
		}
	}
	return out, true
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
		if recv.name == "" || isMockName(recv.name) {
			continue
		}
		set := m.methodSet(recv, 0)
		implements := true
		for name := range want {
			if !set[name] {
				implements = false
				break
			}
		}
		if !implements {
			continue
		}
		if ref, ok := m.methodOf(recv, method, 0); ok {
			ref.Via = report.ReasonImplementation
			out = append(out, ref)
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
	for _, ref := range m.Methods(name) {
		if ReceiverName(ref.Decl) == t.name && filepath.Dir(ref.File.Path) == t.dir {
			return ref, true
		}
	}
	tr, ok := m.Type(t.dir, t.name)
	if !ok || depth > 3 {
		return FuncRef{}, false
	}
	st, ok := tr.Spec.Type.(*ast.StructType)
	if !ok || st.Fields == nil {
		return FuncRef{}, false
	}
	r := &resolver{m: m, f: tr.File, dir: t.dir, imports: importDirs(m, tr.File)}
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		if et := r.moduleType(f.Type, t.dir); et.name != "" {
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
		if strings.HasPrefix(l, p) {
			return true
		}
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
// to their directories.
func importDirs(m *Module, f *File) map[string]string {
	out := map[string]string{}
	for _, im := range f.AST.Imports {
		name := ""
		if im.Name != nil {
			name = im.Name.Name
		}
		p := strings.Trim(im.Path.Value, "\"`")
		if name == "" {
			name = p[strings.LastIndexByte(p, '/')+1:]
		}
		if m.Path != "" && (p == m.Path || strings.HasPrefix(p, m.Path+"/")) {
			out[name] = filepath.Join(m.Root, filepath.FromSlash(strings.TrimPrefix(p, m.Path)))
		}
	}
	return out
}
