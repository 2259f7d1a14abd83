package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/explainerr/report"
)

// findSite locates the failure in r's frames.
func findSite(r *report.Report) site.Site { return siteFrom(r, 0) }

// siteFrom locates the failure in r's frames from the frame at index start
// outward, its file named by its base name and its function by its short
// name.
func siteFrom(r *report.Report, start int) site.Site {
	s := site.From(r, start)
	if s.Frame != nil {
		s.File = baseName(s.Frame.File)
		s.Function = shortFunction(s.Frame.Function)
	}
	return s
}

// shortFunction drops the import path from a qualified function name:
// "example.com/app/store.(*Store).Get" becomes "(*Store).Get" and
// "main.handlePost.func1" becomes "handlePost.func1". A closure whose
// maker was inlined into another method carries that method's name in
// front ("app.(*Server).routes.(*Server).handleFeed.func8"); the prefix is
// dropped too ("(*Server).handleFeed.func8"), and so is package main's
// main ("main.main.RequiresLogin.func13" becomes "RequiresLogin.func13").
func shortFunction(fn string) string {
	fn = elideTypeArgs(fn)
	full := fn
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	if i := strings.IndexByte(fn, '.'); i >= 0 && i+1 < len(fn) {
		fn = fn[i+1:]
	}
	if i := strings.LastIndex(fn, ".("); i > 0 {
		fn = fn[i+1:]
	}
	// A literal of a function inlined into package main's main function
	// ("main.main.RequiresLogin.func13") belongs to that function, not to
	// main.
	if rest, ok := strings.CutPrefix(fn, "main."); ok && strings.HasPrefix(full, "main.main.") && !strings.HasPrefix(rest, "func") && strings.Contains(rest, ".func") {
		fn = rest
	}
	return fn
}

// qualifiedShort keeps the package name: "database/sql.(*DB).QueryRow"
// becomes "sql.(*DB).QueryRow".
func qualifiedShort(fn string) string {
	fn = elideTypeArgs(fn)
	i := strings.LastIndexByte(fn, '/')
	if i < 0 {
		return fn
	}
	short := fn[i+1:]
	// The path's last element ("jwt-go", "yaml%2ev3", "v5") is not
	// always the package's name.
	if j := strings.IndexByte(short, '.'); j >= 0 {
		path := strings.ReplaceAll(fn[:i+1+j], "%2e", ".")
		if name := appsource.AssumedPackageName(path); name != "" {
			return name + short[j:]
		}
	}
	return short
}

// elideTypeArgs writes every type argument list of a generic function's
// name as "[...]", the way Go's own tracebacks print them: the race
// detector prints the instantiation's shapes in full
// ("pkg.(*Pool[go.shape.*example.com/app/pkg.Task]).run"), and their
// import paths and dots are not part of the function's name.
func elideTypeArgs(fn string) string {
	if !strings.Contains(fn, "[") {
		return fn
	}
	var b strings.Builder
	depth := 0
	for _, r := range fn {
		switch {
		case r == '[':
			if depth == 0 {
				b.WriteString("[...]")
			}
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lastName is the last dotted element of a function name: the method or
// function itself ("QueryRow" for "database/sql.(*DB).QueryRow").
func lastName(fn string) string {
	fn = shortFunction(fn)
	if i := strings.LastIndexByte(fn, '.'); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// receiverType returns the receiver type of a method's name ("Store" for
// "(*Store).Get" and "Store.Get"), or "".
func receiverType(short string) string {
	if strings.HasPrefix(short, "(*") {
		if i := strings.Index(short, ")"); i > 2 {
			return short[2:i]
		}
	}
	if i := strings.IndexByte(short, '.'); i > 0 && !strings.HasPrefix(short[i+1:], "func") {
		name := short[:i]
		if name != "" && name[0] >= 'A' && name[0] <= 'Z' {
			return name
		}
	}
	return ""
}

// enclosingFunc returns the short name of the function a closure belongs
// to ("handlePost" for "handlePost.func1", "init" for "init.0.func1", a
// literal in a package's first init function), or short itself: also for
// a closure in a package-level variable's initializer, which belongs to no
// function.
func enclosingFunc(short string) string {
	if initializerClosure(short) {
		return short
	}
	parts := strings.Split(short, ".")
	for i, p := range parts {
		if strings.HasPrefix(p, "func") && i > 0 {
			if i == 2 && parts[0] == "init" && isDigits(parts[1]) {
				return "init"
			}
			return strings.Join(parts[:i], ".")
		}
	}
	return short
}

// initializerFunc matches the names the compiler gives a function literal
// written in the initializer of a package-level variable ("var cmd =
// &cobra.Command{Run: func(...) {...}}"): "glob..funcN" before Go 1.22,
// "init.funcN" since. A literal inside an init function is named
// "init.0.funcN" instead.
var initializerFunc = regexp.MustCompile(`^(?:glob\.\.|init\.)func\d+(?:\.\d+)*$`)

// initializerClosure reports whether short names a function literal
// written in the initializer of a package-level variable.
func initializerClosure(short string) bool {
	return initializerFunc.MatchString(short)
}

// isDigits reports whether s is a non-empty run of decimal digits.
func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
