package appsource

import (
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// majorSuffix is the version element of an import path ("/v2") or of its
// last element ("yaml.v3").
var majorSuffix = regexp.MustCompile(`[./]v\d+$`)

// ImportedNames returns the names under which the file f refers to the
// packages it imports: the name given in the import, else the package
// clause of the module's own package, else the name AssumedPackageName
// infers from the import path. Blank and dot imports name nothing.
func (m *Module) ImportedNames(f *File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.facts.Imports {
		p := im.Path
		if im.Name != "" {
			if im.Name != "_" && im.Name != "." {
				out[im.Name] = true
			}
			continue
		}
		if name := m.packageNameOf(p); name != "" {
			out[name] = true
			continue
		}
		out[AssumedPackageName(p)] = true
	}
	return out
}

// importDir returns the directory of the module's package at import path
// p; false when p is not one of the module's packages.
func (m *Module) importDir(p string) (string, bool) {
	if m.Path == "" || (p != m.Path && !strings.HasPrefix(p, m.Path+"/")) {
		return "", false
	}
	return filepath.Join(m.Root, filepath.FromSlash(strings.TrimPrefix(p, m.Path))), true
}

// packageNameOf returns the package clause of the module's package at
// import path p, "" when p is not one of the module's packages.
func (m *Module) packageNameOf(p string) string {
	dir, ok := m.importDir(p)
	if !ok {
		return ""
	}
	for _, f := range m.Files {
		if filepath.Dir(f.Path) == dir {
			return f.facts.Package
		}
	}
	return ""
}

// AssumedPackageName returns the package name an import path probably
// declares: its last element without a major version ("/v2", "yaml.v3"),
// without a "go-" prefix, and up to its first character that cannot be in
// an identifier ("jwt-go" -> "jwt", "go-redis" -> "redis").
func AssumedPackageName(p string) string {
	p = majorSuffix.ReplaceAllString(p, "")
	base := p[strings.LastIndexByte(p, '/')+1:]
	base = strings.TrimPrefix(base, "go-")
	if i := strings.IndexFunc(base, notIdentifier); i >= 0 {
		base = base[:i]
	}
	return base
}

// notIdentifier reports whether r cannot be part of a Go identifier.
func notIdentifier(r rune) bool {
	return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r))
}

// PackageDir returns the directory of the module's package that the file
// f imports under name, and false when name is not such an import (a
// package outside the module, or no import at all).
func (m *Module) PackageDir(f *File, name string) (string, bool) {
	for _, im := range f.facts.Imports {
		p := im.Path
		dir, own := m.importDir(p)
		if !own {
			continue
		}
		given := ""
		switch {
		case im.Name != "":
			given = im.Name
		default:
			given = m.packageNameOf(p)
		}
		if given == name {
			return dir, true
		}
	}
	return "", false
}
