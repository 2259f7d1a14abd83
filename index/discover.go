package index

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// File kinds found by discovery.
const (
	fileGo       = "go"
	fileTemplate = "template"
	fileSQL      = "sql"
)

// maxAssetBytes bounds the size of a template or SQL file that is indexed.
const maxAssetBytes = 1 << 20

// sourceFile is one file to index.
type sourceFile struct {
	Abs  string
	Rel  string // slash-separated, relative to the module root
	Pkg  string // import path of the package (for assets: the nearest package's, or the directory)
	Kind string
}

// discovery is the result of listing the files of some patterns.
type discovery struct {
	Files    []sourceFile
	Warnings []string
}

// discover lists the Go files of the packages matching patterns (see
// walkPackages; with go/packages, run in dir, for the patterns it does not
// handle) and the templates and SQL files under the
// patterns' directories and among the packages' embedded files. Files
// outside root, and vendor/ and testdata/ directories, are left out;
// _test.go files only when tests is set.
func discover(ctx context.Context, dir, root string, patterns []string, tests bool) (discovery, error) {
	var d discovery
	listed, ok := walkPackages(dir, root, patterns, tests)
	if !ok {
		var err error
		if listed, d.Warnings, err = loadPackages(ctx, dir, patterns, tests); err != nil {
			return d, err
		}
	}
	seen := map[string]bool{}
	pkgDirs := map[string]string{} // directory -> import path
	add := func(abs, pkg, kind string) {
		abs = filepath.Clean(abs)
		if seen[abs] {
			return
		}
		rel, ok := relToRoot(root, abs)
		if !ok {
			d.Warnings = append(d.Warnings, fmt.Sprintf("skipped %s: outside the module at %s", abs, root))
			seen[abs] = true
			return
		}
		if skippedPath(rel) {
			return
		}
		seen[abs] = true
		d.Files = append(d.Files, sourceFile{Abs: abs, Rel: rel, Pkg: pkg, Kind: kind})
	}
	for _, f := range listed {
		switch {
		case f.embedded:
			if k := assetKind(f.abs); k != "" {
				add(f.abs, f.pkg, k)
			}
		case strings.HasSuffix(f.abs, ".go") && (tests || !strings.HasSuffix(f.abs, "_test.go")):
			add(f.abs, f.pkg, fileGo)
			pkgDirs[filepath.Dir(f.abs)] = f.pkg
		}
	}
	for _, base := range assetRoots(dir, patterns, pkgDirs) {
		walkAssets(root, base.dir, base.recursive, func(abs string) {
			add(abs, nearestPackage(abs, root, pkgDirs), assetKind(abs))
		})
	}
	slices.SortFunc(d.Files, func(a, b sourceFile) int { return strings.Compare(a.Rel, b.Rel) })
	return d, nil
}

// listedFile is a file of a package: a Go file, or a file it embeds.
type listedFile struct {
	abs      string
	pkg      string // the package's import path
	embedded bool
}

// loadPackages lists the files of the packages matching patterns with
// go/packages (the go command), run in dir.
func loadPackages(ctx context.Context, dir string, patterns []string, tests bool) ([]listedFile, []string, error) {
	cfg := &packages.Config{
		Context: ctx,
		Dir:     dir,
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedEmbedFiles,
		Tests:   tests,
		Logf:    nil,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("listing packages %s: %w", strings.Join(patterns, " "), err)
	}
	var files []listedFile
	var warnings []string
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if e.Kind == packages.ListError && len(p.GoFiles) == 0 {
				warnings = append(warnings, e.Msg)
			}
		}
		pkgPath := basePackagePath(p.PkgPath)
		for _, f := range p.GoFiles {
			files = append(files, listedFile{abs: f, pkg: pkgPath})
		}
		for _, f := range p.EmbedFiles {
			files = append(files, listedFile{abs: f, pkg: pkgPath, embedded: true})
		}
	}
	return files, warnings, nil
}

// basePackagePath drops the test-variant suffix of a go/packages path
// ("example.com/app [example.com/app.test]").
func basePackagePath(p string) string {
	if i := strings.IndexByte(p, ' '); i >= 0 {
		return p[:i]
	}
	return p
}

// relToRoot returns abs relative to root, slash-separated, or false when
// abs is outside root.
func relToRoot(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// skippedPath reports whether a module-relative path lies in a directory
// that is never indexed: vendor/, testdata/, or a hidden or "_" directory.
func skippedPath(rel string) bool {
	parts := strings.Split(rel, "/")
	for _, dir := range parts[:len(parts)-1] {
		if skippedDir(dir) {
			return true
		}
	}
	return false
}

func skippedDir(name string) bool {
	return name == "vendor" || name == "testdata" || name == "node_modules" ||
		strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// assetKind returns the kind of a non-Go file that is indexed, or "".
func assetKind(name string) string {
	ext := strings.ToLower(path.Ext(filepath.ToSlash(name)))
	switch {
	case templateExts[ext]:
		return fileTemplate
	case ext == ".sql":
		return fileSQL
	}
	return ""
}

// assetRoot is a directory searched for templates and SQL files.
type assetRoot struct {
	dir       string
	recursive bool
}

// assetRoots returns the directories of the patterns: "./x/..." is x and
// everything below it; any other pattern contributes the directories of
// the packages it matched.
func assetRoots(dir string, patterns []string, pkgDirs map[string]string) []assetRoot {
	var out []assetRoot
	byImport := false
	for _, p := range patterns {
		isPath := p == "." || p == ".." || p == "..." || strings.HasPrefix(p, "./") ||
			strings.HasPrefix(p, "../") || filepath.IsAbs(p)
		if !isPath {
			byImport = true
			continue
		}
		base, recursive := strings.CutSuffix(p, "...")
		base = strings.TrimSuffix(base, "/")
		if base == "" {
			base = "."
		}
		if !filepath.IsAbs(base) {
			base = filepath.Join(dir, base)
		}
		out = append(out, assetRoot{dir: base, recursive: recursive})
	}
	if byImport {
		for d := range pkgDirs {
			out = append(out, assetRoot{dir: d})
		}
	}
	return out
}

// walkAssets calls found for each template or SQL file in dir (and below
// it when recursive), skipping skipped directories and nested modules.
func walkAssets(root, dir string, recursive bool, found func(abs string)) {
	_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory is left out
		}
		if e.IsDir() {
			if p == dir {
				return nil
			}
			if !recursive || skippedDir(e.Name()) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != root {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if assetKind(p) == "" || !e.Type().IsRegular() {
			return nil
		}
		if info, err := e.Info(); err == nil && info.Size() <= maxAssetBytes {
			found(p)
		}
		return nil
	})
}

// nearestPackage returns the import path of the package in abs's directory
// or the nearest one above it, or the directory relative to root.
func nearestPackage(abs, root string, pkgDirs map[string]string) string {
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if p, ok := pkgDirs[d]; ok {
			return p
		}
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	rel, _ := relToRoot(root, filepath.Dir(abs))
	return rel
}
