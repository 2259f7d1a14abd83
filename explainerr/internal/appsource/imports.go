package appsource

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// majorSuffix is the version element of an import path ("/v2") or of its
// last element ("yaml.v3").
var majorSuffix = regexp.MustCompile(`[./]v\d+$`)

// ImportedNames returns the names under which the file f refers to the
// packages it imports: the name given in the import, else the package
// clause of the module's own package, else the import path's last element
// without a major version. Blank and dot imports name nothing.
func (m *Module) ImportedNames(f *File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.AST.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		if im.Name != nil {
			if im.Name.Name != "_" && im.Name.Name != "." {
				out[im.Name.Name] = true
			}
			continue
		}
		if name := m.packageNameOf(p); name != "" {
			out[name] = true
			continue
		}
		p = majorSuffix.ReplaceAllString(p, "")
		out[p[strings.LastIndexByte(p, '/')+1:]] = true
	}
	return out
}

// packageNameOf returns the package clause of the module's package at
// import path p, "" when p is not one of the module's packages.
func (m *Module) packageNameOf(p string) string {
	if m.Path == "" || (p != m.Path && !strings.HasPrefix(p, m.Path+"/")) {
		return ""
	}
	dir := filepath.Join(m.Root, filepath.FromSlash(strings.TrimPrefix(p, m.Path)))
	for _, f := range m.Files {
		if filepath.Dir(f.Path) == dir {
			return f.AST.Name.Name
		}
	}
	return ""
}
