package stack

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/gomodule"
)

// closureSegment matches the parts of a function name the compiler adds
// for closures ("func2", "1", "gowrap1", "deferwrap1").
var closureSegment = regexp.MustCompile(`^(func|gowrap|deferwrap)?[0-9]+$`)

// OwnName returns the name of function as its own package calls it, when
// the compiler named it after another: a closure of a function from
// another module inlined into its caller is named after the caller
// ("example.com/app.Test.Recover.RecoverWithConfig.func2.1" for echo's
// middleware.RecoverWithConfig.func2.1 inlined into app.Test), and its
// file tells the package it came from. The name keeps its last named
// function (with the method's receiver) and the closures below it, under
// the package the file names. Functions whose file does not name a module
// (the app's own, the standard library's, a -trimpath or foreign path)
// keep the name they have.
func (c *Classifier) OwnName(function, file string) string {
	if i := strings.Index(function, "-fm."); i >= 0 && PackageOf(function) == PackageOf(function[:i]) {
		// A method value's wrapper with the method inlined into it:
		// "pkg.(*T).M-fm.(*T).M.func1" is pkg.(*T).M.func1.
		pkg := PackageOf(function)
		if !strings.Contains(pkg, "%2e") {
			function = pkg + "." + function[i+len("-fm."):]
		}
	}
	owner, pkgDir := c.ownerOf(file)
	if owner == ownerUnknown {
		pkgDir = localPackage(file)
	} else if owner != ownerModule {
		return function
	}
	if pkgDir == "" || PackageOf(function) == pkgDir || (PackageOf(function) == "main" && isMainDir(file)) {
		return function
	}
	pkg := PackageOf(function)
	rest := strings.TrimPrefix(function[len(pkg):], ".")
	if strings.Contains(pkg, "%2e") {
		// PackageOf unescaped the package; find where its escaped form ends.
		slash := strings.LastIndexByte(function, '/')
		dot := strings.IndexByte(function[slash+1:], '.')
		if dot < 0 {
			return function
		}
		rest = function[slash+1+dot+1:]
	}
	segs := strings.Split(rest, ".")
	start := len(segs) - 1
	for start > 0 && closureSegment.MatchString(segs[start]) {
		start--
	}
	if start > 0 && strings.HasPrefix(segs[start-1], "(") {
		start-- // a method's receiver, "(*Echo)"
	}
	return pkgDir + "." + strings.Join(segs[start:], ".")
}

// localPackage returns the import path of the package in file's directory,
// from the nearest go.mod above it; "" when there is none or the file is
// not an absolute path on this machine. The go.mod lookups are cached
// (gomodule.CachedAt).
func localPackage(file string) string {
	if !filepath.IsAbs(file) {
		return ""
	}
	dir := filepath.Dir(filepath.Clean(file))
	mod, root := gomodule.CachedAt(dir)
	if mod == "" || mod == "std" || mod == "cmd" {
		return "" // the standard library's own source tree
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return ""
	}
	if rel == "." {
		return mod
	}
	return mod + "/" + filepath.ToSlash(rel)
}

// isMainDir reports whether file's directory holds a main package, which
// a function named "main.…" belongs to whatever its import path.
func isMainDir(file string) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	return mainPackageClause.Match(data)
}

// mainPackageClause matches a "package main" clause at the start of a line.
var mainPackageClause = regexp.MustCompile(`(?m)^package main\b`)
