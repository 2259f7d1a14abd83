package stack

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/gomodule"
)

// selfPackage is the import path prefix of explainerr's own packages. Their
// frames (the middleware, the handler adapter) are never app frames, even
// when explainerr and the app share a module, as its sample app does; they
// count as machinery and are hidden by default.
const selfPackage = "github.com/explainerr/explainerr/explainerr"

// Classifier decides the kind of a frame from its function name and file.
// The zero value treats nothing as app code; use NewClassifier.
type Classifier struct {
	// AppPrefixes are import path prefixes whose packages are the app. A
	// prefix matches a package equal to it or below it ("example.com/app"
	// matches "example.com/app/store" but not "example.com/apple").
	AppPrefixes []string
	// GOROOT is the standard library's root; files below GOROOT/src are
	// stdlib, except in a directory whose first element has a dot
	// ("src/github.com/x/y", a GOPATH that was GOROOT).
	GOROOT string
	// ModCache is the module cache's root ($GOMODCACHE). Files below it
	// belong to the module their directory names, whatever package the
	// compiler inlined them into; files below any ".../pkg/mod/" directory
	// are read the same way.
	ModCache string
}

// NewClassifier returns a classifier whose app is mainModule plus the extra
// module or package prefixes. An empty mainModule is allowed.
func NewClassifier(mainModule string, extra ...string) *Classifier {
	c := &Classifier{GOROOT: buildGOROOT, ModCache: defaultModCache()}
	for _, p := range append([]string{mainModule}, extra...) {
		p = strings.TrimSuffix(strings.TrimSpace(p), "/...")
		p = strings.TrimSuffix(p, "/")
		if p != "" {
			c.AppPrefixes = append(c.AppPrefixes, p)
		}
	}
	return c
}

// panicMachinery lists the runtime functions that raise or deliver a panic.
// Their frames carry no information about the failure and are hidden.
var panicMachinery = map[string]bool{
	"runtime.gopanic": true, "runtime.panicmem": true, "runtime.panicmemAddr": true,
	"runtime.sigpanic": true, "runtime.panicdivide": true, "runtime.panicshift": true,
	"runtime.panicdottypeE": true, "runtime.panicdottypeI": true, "runtime.panicnildottype": true,
	"runtime.panicwrap": true, "runtime.throw": true, "runtime.fatalpanic": true,
	"runtime.fatalthrow": true, "runtime.gorecover": true, "runtime.Callers": true,
	"runtime.panicunsafeslicelen": true, "runtime.panicunsafeslicenilptr": true,
	"runtime.panicunsafestringlen": true, "runtime.panicrangestate": true,
	"runtime.goPanicIndex": true, "runtime.goPanicIndexU": true, "runtime.goPanicSliceAlen": true,
	"runtime.goPanicSliceAlenU": true, "runtime.goPanicSliceAcap": true, "runtime.goPanicSliceAcapU": true,
	"runtime.goPanicSliceB": true, "runtime.goPanicSliceBU": true, "runtime.goPanicSlice3Alen": true,
	"runtime.goPanicSlice3AlenU": true, "runtime.goPanicSlice3Acap": true, "runtime.goPanicSlice3AcapU": true,
	"runtime.goPanicSlice3B": true, "runtime.goPanicSlice3BU": true, "runtime.goPanicSlice3C": true,
	"runtime.goPanicSlice3CU": true, "runtime.goPanicSliceConvert": true,
	"runtime.panicIndex": true, "runtime.panicIndexU": true, "runtime.panicSliceAlen": true,
	"runtime.panicSliceAlenU": true, "runtime.panicSliceAcap": true, "runtime.panicSliceAcapU": true,
	"runtime.panicSliceB": true, "runtime.panicSliceBU": true, "runtime.panicSlice3Alen": true,
	"runtime.panicSlice3AlenU": true, "runtime.panicSlice3Acap": true, "runtime.panicSlice3AcapU": true,
	"runtime.panicSlice3B": true, "runtime.panicSlice3BU": true, "runtime.panicSlice3C": true,
	"runtime.panicSlice3CU": true, "runtime.panicSliceConvert": true, "runtime.panicBounds": true,
	"runtime.panicBounds64": true, "runtime.panicExtend": true, "panic": true,
}

// IsPanicMachinery reports whether function is part of the runtime's panic
// delivery (runtime.gopanic, runtime.sigpanic, the bounds-check helpers...).
func IsPanicMachinery(function string) bool {
	if panicMachinery[function] {
		return true
	}
	return strings.HasPrefix(function, "runtime.panic") || strings.HasPrefix(function, "runtime.goPanic")
}

// Kind returns the frame kind (report.FrameApp, FrameDependency,
// FrameStdlib or FrameRuntime) of a function defined in file. The file
// decides first (explainerr's own source, GOROOT, the module cache, a
// vendor directory), because the compiler names a closure inlined into
// another package after that package; the function's package decides
// what the file cannot tell.
func (c *Classifier) Kind(function, file string) string {
	if IsPanicMachinery(function) {
		return report.FrameRuntime
	}
	switch owner, pkgDir := c.ownerOf(file); owner {
	case ownerSelf:
		// explainerr's own middleware and adapters: machinery, like the
		// runtime's panic delivery, and hidden with it.
		return report.FrameRuntime
	case ownerStdlib:
		return report.FrameStdlib
	case ownerVendor:
		return report.FrameDependency
	case ownerModule:
		if c.isApp(pkgDir) {
			// The app itself run from the module cache ("go run
			// example.com/app@latest"), or a module the user named.
			return report.FrameApp
		}
		return report.FrameDependency
	}
	pkg := PackageOf(function)
	if pkg == "main" {
		// A program's main package is its own code, except for the
		// harnesses and wrappers that build tools generate into it.
		if generatedMain(function, file) {
			return report.FrameDependency
		}
		return report.FrameApp
	}
	if pkg == selfPackage || strings.HasPrefix(pkg, selfPackage+"/") {
		return report.FrameRuntime
	}
	if c.isApp(pkg) && !isVendored(pkg) {
		return report.FrameApp
	}
	if isStdlibPackage(pkg) && !strings.Contains(file, "/pkg/mod/") {
		return report.FrameStdlib
	}
	return report.FrameDependency
}

// isApp reports whether the package or module path pkg is below one of the
// app's prefixes ("example.com/app" matches "example.com/app/store" but not
// "example.com/apple").
func (c *Classifier) isApp(pkg string) bool {
	for _, p := range c.AppPrefixes {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// isStdlibPackage reports whether an import path looks like the standard
// library's: its first element has no dot ("net/http", "runtime"), and it is
// not "main" (a main package is always someone's program).
func isStdlibPackage(pkg string) bool {
	if pkg == "" || pkg == "main" || strings.HasPrefix(pkg, "main.") {
		return false
	}
	first, _, _ := strings.Cut(pkg, "/")
	return !strings.Contains(first, ".")
}

// PackageOf returns the import path of the package that defines function,
// a fully qualified name such as "example.com/app/store.(*DB).Get.func1".
// Dots in the last path element are escaped as "%2e" in symbol names
// ("gopkg.in/yaml%2ev3.Unmarshal"); the result has them unescaped.
func PackageOf(function string) string {
	slash := strings.LastIndexByte(function, '/')
	dot := strings.IndexByte(function[slash+1:], '.')
	pkg := function
	if dot >= 0 {
		pkg = function[:slash+1+dot]
	}
	return strings.ReplaceAll(pkg, "%2e", ".")
}

// SplitMethod splits "(*Server).handleFeed" or "Server.handleFeed" into the
// receiver type name and the method name, without type arguments; ok is
// false for a name that is no method.
func SplitMethod(s string) (recv, method string, ok bool) {
	if strings.HasPrefix(s, "(") {
		end := strings.Index(s, ").")
		if end < 0 {
			return "", "", false
		}
		recv, method = strings.TrimPrefix(s[1:end], "*"), s[end+2:]
	} else {
		recv, method, ok = strings.Cut(s, ".")
		if !ok {
			return "", "", false
		}
	}
	if i := strings.IndexByte(recv, '['); i >= 0 {
		recv = recv[:i]
	}
	return recv, method, recv != "" && method != "" && !strings.Contains(method, ".")
}

// MainModule returns the running program's main module path (see
// gomodule.Main). Module discovery is package gomodule's; MainModule,
// ModuleAt and ModulePath stay for stack's importers.
func MainModule() string { return gomodule.Main() }

// ModuleAt finds the nearest go.mod at or above dir and returns its module
// path and the directory that holds it (see gomodule.At).
func ModuleAt(dir string) (module, root string) { return gomodule.At(dir) }

// ModulePath returns the module path declared in the contents of a go.mod
// file, or "" when there is none (see gomodule.Path).
func ModulePath(gomod []byte) string { return gomodule.Path(gomod) }
