package index

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// wholeModulePattern is the pattern that means the whole module, from any
// directory of it: the index is the module's, so "./..." run in a
// subdirectory indexes (and prunes) the module, not the subdirectory.
const wholeModulePattern = "./..."

// buildScope is the part of the module a build's patterns cover. An
// indexed file that a build does not find is removed from the index only
// when it lies in the build's scope: a build of part of the module updates
// that part and keeps the rest.
type buildScope struct {
	// whole is set when the patterns cover the whole module.
	whole bool
	// trees are the root-relative directories covered with every
	// directory below them.
	trees []string
	// dirs are the root-relative directories covered alone.
	dirs map[string]bool
	// recorded is the patterns as the index records them: relative to the
	// module root.
	recorded []string
}

// wholeModule reports whether patterns ask for the whole module.
func wholeModule(patterns []string) bool {
	return slices.Contains(patterns, wholeModulePattern)
}

// scopeOf is the scope of patterns, run in dir, over the module at root.
// A directory pattern ("./x/...", "../y", an absolute path) covers its
// directory, and those below it when it ends in "..."; any other pattern
// (an import path) covers the directories of the files the build found.
func scopeOf(dir, root string, patterns []string, found []sourceFile) buildScope {
	s := buildScope{dirs: map[string]bool{}}
	byImport := false
	for _, p := range patterns {
		base, recursive, ok := pathPattern(dir, p)
		if !ok {
			byImport = true
			s.recorded = append(s.recorded, p)
			continue
		}
		rel, inside := relToRoot(root, base)
		switch {
		case inside && recursive:
			s.trees = append(s.trees, rel)
			s.recorded = append(s.recorded, dirPattern(rel, true))
		case inside:
			s.dirs[rel] = true
			s.recorded = append(s.recorded, dirPattern(rel, false))
		case recursive:
			// A tree above the module holds all of it.
			if _, below := relToRoot(base, root); below {
				s.trees = append(s.trees, ".")
				s.recorded = append(s.recorded, wholeModulePattern)
			}
		}
	}
	if byImport {
		for _, f := range found {
			s.dirs[path.Dir(f.Rel)] = true
		}
	}
	s.whole = slices.Contains(s.trees, ".")
	if s.whole {
		s.recorded = []string{wholeModulePattern}
	}
	return s
}

// pathPattern returns the directory a file-system pattern names, made
// absolute from dir, and whether it ends in "..."; ok is false for an
// import-path pattern. Patterns are read as assetRoots reads them.
func pathPattern(dir, p string) (base string, recursive, ok bool) {
	isPath := p == "." || p == ".." || p == "..." || strings.HasPrefix(p, "./") ||
		strings.HasPrefix(p, "../") || filepath.IsAbs(p)
	if !isPath {
		return "", false, false
	}
	base, recursive = strings.CutSuffix(p, "...")
	base = strings.TrimSuffix(base, "/")
	if base == "" {
		base = "."
	}
	if strings.ContainsAny(base, "*?[") || strings.Contains(base, "...") {
		// A wildcard inside the path covers what it matches, as an import
		// path does.
		return "", false, false
	}
	if !filepath.IsAbs(base) {
		base = filepath.Join(dir, filepath.FromSlash(base))
	}
	return filepath.Clean(base), recursive, true
}

// dirPattern is the root-relative pattern of a directory.
func dirPattern(rel string, recursive bool) string {
	p := "."
	if rel != "." {
		p = "./" + rel
	}
	if recursive {
		if p == "." {
			return wholeModulePattern
		}
		return p + "/..."
	}
	return p
}

// covers reports whether the root-relative file rel lies in the scope.
func (s buildScope) covers(rel string) bool {
	if s.whole {
		return true
	}
	d := path.Dir(rel)
	if s.dirs[d] {
		return true
	}
	for _, t := range s.trees {
		if d == t || strings.HasPrefix(d, t+"/") {
			return true
		}
	}
	return false
}

// keepOutside drops from removed the files outside the scope.
func (s buildScope) keepOutside(removed []string) []string {
	if s.whole {
		return removed
	}
	return slices.DeleteFunc(removed, func(rel string) bool { return !s.covers(rel) })
}

// recordedPatterns is what an index records as its patterns after a build
// of scope s over an index that recorded prev ("" for a new index): the
// build's patterns, root-relative, added to those of earlier builds unless
// the build covered the whole module.
func (s buildScope) recordedPatterns(prev string) string {
	if s.whole {
		return wholeModulePattern
	}
	all := append(strings.Fields(prev), s.recorded...)
	if slices.Contains(all, wholeModulePattern) {
		return wholeModulePattern
	}
	slices.Sort(all)
	return strings.Join(slices.Compact(all), " ")
}
