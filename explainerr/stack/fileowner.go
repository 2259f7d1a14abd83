package stack

import (
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// A frame's function name says which package the compiler compiled it
// into, which is not always the package that wrote it: a closure of a
// function inlined into its caller is named after the caller
// ("main.main.(*Explainer).Middleware.func1", "main.main.Timeout.func5.1").
// The frame's file does not lie, so it is asked first; the function name
// decides only what the file cannot tell (a -trimpath build, a dump made on
// another machine, a file of no recognisable place).

// fileOwner says who owns a source file, as far as its path tells.
type fileOwner int

const (
	ownerUnknown fileOwner = iota // the path does not tell
	ownerSelf                     // explainerr's own source
	ownerStdlib                   // below GOROOT/src
	ownerModule                   // a module version in the module cache, or a -trimpath module path
	ownerVendor                   // a vendored copy of a dependency
)

// selfModule is the module path of explainerr itself.
const selfModule = "github.com/explainerr/explainerr"

// buildGOROOT is the GOROOT this binary was built with, as the file names
// of its own runtime frames record it ("" in a -trimpath build, whose
// standard library files are named "net/http/server.go").
var buildGOROOT = func() string {
	pcs := make([]uintptr, 1)
	if runtime.Callers(0, pcs) == 0 {
		return ""
	}
	f, _ := runtime.CallersFrames(pcs).Next()
	file := filepath.ToSlash(f.File)
	if i := strings.LastIndex(file, "/src/runtime/"); i > 0 {
		return file[:i]
	}
	return ""
}()

// defaultModCache returns the module cache directory as the go command
// would choose it ($GOMODCACHE, else the first GOPATH entry's pkg/mod,
// else $HOME/go/pkg/mod), in slash form; "" when none can be found.
func defaultModCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return filepath.ToSlash(d)
	}
	gopath := os.Getenv("GOPATH")
	if gopath != "" {
		gopath = filepath.SplitList(gopath)[0]
	} else if home, err := os.UserHomeDir(); err == nil && home != "" {
		gopath = filepath.Join(home, "go")
	}
	if gopath == "" {
		return ""
	}
	return filepath.ToSlash(filepath.Join(gopath, "pkg", "mod"))
}

// ownerOf returns who owns file and, for a module cache file, the import
// path its directory names ("github.com/go-chi/chi/v5/middleware"). A file
// below GOROOT/src is the standard library's only when its directory is a
// standard import path (first element without a dot): an old GOPATH set to
// GOROOT put projects there ("/usr/local/go/src/github.com/x/y/z.go").
func (c *Classifier) ownerOf(file string) (owner fileOwner, pkgDir string) {
	if file == "" {
		return ownerUnknown, ""
	}
	slash := filepath.ToSlash(file)
	if isSelfFile(slash) || isSelfPath(slash) {
		return ownerSelf, ""
	}
	if c.GOROOT != "" {
		rel, ok := strings.CutPrefix(slash, strings.TrimSuffix(filepath.ToSlash(c.GOROOT), "/")+"/src/")
		if ok && isStdlibPackage(path.Dir(rel)) {
			return ownerStdlib, ""
		}
	}
	if m, ok := c.cachedModule(slash); ok {
		return ownerModule, m
	}
	if isVendored(slash) {
		return ownerVendor, ""
	}
	return ownerUnknown, ""
}

// cachedModule returns the import path of the directory of a file in a module version's
// directory: below the module cache ("$GOMODCACHE/github.com/x/y@v1.2.3/z.go"),
// below any ".../pkg/mod/" directory (a dump from another machine), or a
// -trimpath path ("github.com/x/y@v1.2.3/z.go"). Upper-case letters, which
// the cache escapes as "!x", are restored.
func (c *Classifier) cachedModule(slash string) (string, bool) {
	rest, inCache := "", false
	if c.ModCache != "" {
		root := strings.TrimSuffix(filepath.ToSlash(c.ModCache), "/") + "/"
		rest, inCache = strings.CutPrefix(slash, root)
	}
	if !inCache {
		if i := strings.LastIndex(slash, "/pkg/mod/"); i >= 0 {
			rest, inCache = slash[i+len("/pkg/mod/"):], true
		}
	}
	if !inCache {
		// A -trimpath build names module files "module@version/file".
		if strings.HasPrefix(slash, "/") || !strings.Contains(slash, "@") {
			return "", false
		}
		rest = slash
	}
	at := strings.IndexByte(rest, '@')
	if at <= 0 {
		// A file in the cache outside a version directory (a cache/
		// download entry, an odd layout): still somebody else's module.
		if inCache {
			return unescapeModule(path.Dir(rest)), true
		}
		return "", false
	}
	version := rest[at+1:]
	if !inCache && !isVersionAt(version) {
		return "", false
	}
	dir := unescapeModule(rest[:at])
	if slash := strings.IndexByte(version, '/'); slash >= 0 {
		if sub := path.Dir(version[slash+1:]); sub != "." {
			dir += "/" + sub
		}
	}
	return dir, true
}

// isVersionAt reports whether s, the text after an "@" in a path, starts
// with a module version ("v1.2.3/...").
func isVersionAt(s string) bool {
	return len(s) >= 2 && s[0] == 'v' && s[1] >= '0' && s[1] <= '9'
}

// unescapeModule undoes the module cache's case escaping ("!azure" → "Azure").
func unescapeModule(p string) string {
	if !strings.Contains(p, "!") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '!' && i+1 < len(p) && p[i+1] >= 'a' && p[i+1] <= 'z' {
			b.WriteByte(p[i+1] - 'a' + 'A')
			i++
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// selfDir is the directory of explainerr's own source ("…/explainerr/"),
// as the compiler records file names in this binary: a local checkout, the
// module cache, or a -trimpath module path.
var selfDir = func() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return path.Dir(path.Dir(filepath.ToSlash(file))) + "/"
}()

// isSelfFile reports whether file lies in explainerr's source directory in
// this binary (its tests and test programs excepted: they play the app).
func isSelfFile(file string) bool {
	file = filepath.ToSlash(file)
	return len(selfDir) > 1 && strings.HasPrefix(file, selfDir) && !playsApp(file)
}

// isSelfPath reports whether a file path names explainerr's own package
// directory the way another machine or a -trimpath build records it:
// "github.com/explainerr/explainerr/explainerr/…" or
// "…/github.com/explainerr/explainerr@v1.2.3/explainerr/…".
func isSelfPath(slash string) bool {
	if playsApp(slash) {
		return false
	}
	if strings.HasPrefix(slash, selfPackage+"/") {
		return true
	}
	i := strings.Index(slash, selfModule+"@")
	if i < 0 || (i > 0 && slash[i-1] != '/') {
		return false
	}
	rest := slash[i+len(selfModule)+1:]
	slashAt := strings.IndexByte(rest, '/')
	return slashAt > 0 && isVersionAt(rest) && strings.HasPrefix(rest[slashAt+1:], "explainerr/")
}

// playsApp reports whether an explainerr file is a test or a test program,
// which stand in for the app.
func playsApp(slash string) bool {
	return strings.HasSuffix(slash, "_test.go") || strings.Contains(slash, "/testdata/")
}

// ModulePackageOf returns the import path of the directory of file when
// the file is in a module version's directory (the module cache, another
// machine's ".../pkg/mod/", or a -trimpath "module@version/" path); ""
// for any other file. A library's closure the compiler inlined into the
// app is named after the app's function ("main.main.SetContentType.func5.1")
// while its file tells whose code it is.
func ModulePackageOf(file string) string {
	dir, _ := (&Classifier{ModCache: defaultModCache()}).cachedModule(filepath.ToSlash(file))
	return dir
}
