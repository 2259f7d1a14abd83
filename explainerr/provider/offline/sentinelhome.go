package offline

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// A sentinel is matched by its name ("ErrNotFound"), but a module may hold
// several programs, each with a sentinel of that name: a check of one
// program's sentinel is not lost by a wrap of another's. The package a
// sentinel expression refers to is told from the file it is written in.

// sentinelHome is the package a sentinel expression refers to: the import
// path of its qualifier, or, for a bare name, the directory of the file
// it is written in. Unknown homes (a qualifier that is no import) match
// any.
type sentinelHome struct {
	path  string
	dir   bool
	known bool
}

// homeOf returns the home of the sentinel expression expr written in the
// file at filePath.
func (s *appSource) homeOf(filePath, expr string) sentinelHome {
	qual, _, qualified := strings.Cut(strings.TrimSpace(expr), ".")
	if !qualified {
		return sentinelHome{path: filepath.ToSlash(filepath.Dir(filePath)), dir: true, known: true}
	}
	for _, f := range s.files {
		if f.path != filePath {
			continue
		}
		for _, imp := range f.syntax().Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			name := path.Base(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			if name == qual {
				return sentinelHome{path: p, known: true}
			}
		}
	}
	return sentinelHome{}
}

// sameHome reports whether two homes can be the same package: equal
// directories or import paths, or, between a directory and an import
// path, the same last element.
func sameHome(a, b sentinelHome) bool {
	if !a.known || !b.known {
		return true
	}
	if a.dir == b.dir {
		return a.path == b.path
	}
	return path.Base(a.path) == path.Base(b.path)
}
