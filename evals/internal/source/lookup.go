package source

import (
	"go/types"
	"path"
	"sort"
	"strings"
)

// FindFile returns the module files whose path is file or ends in "/"+file,
// sorted; those under vendor/ only when no other file matches.
func (m *Module) FindFile(file string) []string {
	file = path.Clean(strings.TrimPrefix(filepathToSlash(file), "./"))
	if _, ok := m.Files[file]; ok {
		return []string{file}
	}
	var out, vendored []string
	for rel := range m.Files {
		if strings.HasSuffix(rel, "/"+file) || strings.HasSuffix(file, "/"+rel) {
			if strings.HasPrefix(rel, "vendor/") {
				vendored = append(vendored, rel)
				continue
			}
			out = append(out, rel)
		}
	}
	if len(out) == 0 {
		// A copy of a dependency is meant only when no file of the
		// module's own has the name.
		out = vendored
	}
	sort.Strings(out) // the same answer on every run
	return out
}

func filepathToSlash(p string) string { return strings.ReplaceAll(p, "\\", "/") }

// FuncsNamed returns the functions and methods called name (a bare name).
func (m *Module) FuncsNamed(name string) []*Func {
	var out []*Func
	for _, f := range m.Funcs {
		if f.Name == name {
			out = append(out, f)
		}
	}
	return out
}

// FuncAt returns the function or method whose declaration contains line of
// file (module-relative or a suffix of it), or nil.
func (m *Module) FuncAt(file string, line int) *Func {
	for _, f := range m.Funcs {
		if sameFile(f.File, file) && f.StartLine <= line && line <= f.EndLine {
			return f
		}
	}
	return nil
}

// FuncByLocation returns the function named by a location such as
// "(*Server).showPost", "Server.showPost" or "showPost" in file, or nil.
func (m *Module) FuncByLocation(file, name string) *Func {
	recv, bare := SplitFuncName(name)
	var fallback *Func
	for _, f := range m.Funcs {
		if f.Name != bare || (file != "" && !sameFile(f.File, file)) {
			continue
		}
		if recv == "" || f.Recv == recv {
			return f
		}
		fallback = f
	}
	return fallback
}

// SplitFuncName splits "pkg.(*T).M", "(*T).M", "T.M" or "M" into the
// receiver type name (without "*") and the bare name.
func SplitFuncName(name string) (recv, bare string) {
	name = strings.TrimSuffix(strings.TrimSpace(name), "()")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return "", name
	}
	bare = name[i+1:]
	head := strings.Trim(name[:i], "()*")
	if j := strings.LastIndex(head, "."); j >= 0 {
		head = strings.Trim(head[j+1:], "()*")
	}
	// A lower-case head without parentheses is a package name, not a type.
	if !strings.Contains(name[:i], "(") && head != "" && !isUpper(head[0]) && !strings.Contains(name[:i], ".") {
		if _, isPkg := pkgLike(head); isPkg {
			return "", bare
		}
	}
	return head, bare
}

// pkgLike reports whether s looks like a package name: all lower case.
func pkgLike(s string) (string, bool) {
	return s, strings.ToLower(s) == s
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

func sameFile(a, b string) bool {
	a, b = path.Clean(strings.TrimPrefix(a, "./")), path.Clean(strings.TrimPrefix(b, "./"))
	return a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a)
}

// TypeNamed returns the named types of the module called name.
func (m *Module) TypeNamed(name string) []*types.TypeName {
	var out []*types.TypeName
	for _, o := range m.Objects[name] {
		if tn, ok := o.(*types.TypeName); ok {
			out = append(out, tn)
		}
	}
	return out
}

// Exists reports whether name is declared anywhere: in the module (any
// object, template or file base name), as a member or package-level name
// of an imported package, or as a package name.
func (m *Module) Exists(name string) bool {
	if len(m.Objects[name]) > 0 || m.Members[name] || len(m.Imported[name]) > 0 {
		return true
	}
	for _, list := range m.Imported {
		for _, p := range list {
			if p.Scope().Lookup(name) != nil {
				return true
			}
		}
	}
	if types.Universe.Lookup(name) != nil {
		return true
	}
	return m.TemplateExists(name)
}

// Qualifier writes package-level names of other packages as "name.T".
func Qualifier(p *types.Package) string { return p.Name() }

// LineCount returns the number of lines of a module file, 0 when unknown.
func (m *Module) LineCount(rel string) int { return len(m.Files[rel]) }
