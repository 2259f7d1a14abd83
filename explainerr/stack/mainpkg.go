package stack

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A main package has no import path to match the app's, so whether a
// "main.…" frame is the app's is told by its file. The program that
// crashed is nearly always the one the user asks about, so its main
// package is the app's unless its file says otherwise: it lies on this
// machine in another module, on a GOPATH path naming another project, in
// a Go distribution's own commands, or outside the tree of the dump's app
// packages. Files in the module cache and harnesses that build tools
// generate are told apart by Classifier.Kind.

// appRoots are the directories the app's files lie in.
type appRoots struct {
	// local are the app's module roots on this machine.
	local []string
	// tree are the trees of the dump's app packages (appTreeRoots).
	tree []string
}

// all returns every root, local ones first.
func (r appRoots) all() []string {
	return append(append([]string(nil), r.local...), r.tree...)
}

// dumpKind classifies a frame of a dump. On top of c.Kind it knows what
// a dump from another machine needs: a main package frame is the app's
// unless its file shows it belongs to another program (foreignMain).
func dumpKind(c *Classifier, fn, file string, roots appRoots) string {
	kind := c.Kind(fn, file)
	if kind == report.FrameApp && PackageOf(fn) == "main" && len(c.AppPrefixes) == 0 && len(roots.all()) == 0 {
		// Nothing names the app: the program that crashed is the one
		// asked about, and its main package is its own code.
		return kind
	}
	if kind == report.FrameApp && PackageOf(fn) == "main" && !inApp(c, file, roots.all()) && foreignMain(file, roots.tree) {
		// A dump may come from another program than the app being asked about.
		return report.FrameDependency
	}
	return kind
}

// reGoCommand matches the file of a Go distribution's own command
// ("/usr/local/go/src/cmd/compile/main.go").
var reGoCommand = regexp.MustCompile(`(?:^|/)go[^/]*/src/cmd/`)

// foreignMain reports whether the file of a main package frame, which
// inApp did not place in the app, shows that it is another program's: the
// go.mod above it on this machine declares another module, its path names
// another project below a GOPATH "src" directory or in a -trimpath build
// ("/go/src/github.com/x/tool/main.go", "github.com/x/tool/main.go"), it is
// one of the Go distribution's commands, or it lies outside the trees of
// the dump's app packages (tree).
func foreignMain(file string, tree []string) bool {
	if file == "" {
		return false
	}
	if localPackage(file) != "" {
		return true
	}
	slash := filepath.ToSlash(file)
	if reGoCommand.MatchString(slash) {
		return true
	}
	if i := strings.LastIndex(slash, "/src/"); i >= 0 && isHostElem(slash[i+len("/src/"):]) {
		return true
	}
	if !strings.HasPrefix(slash, "/") && !isWindowsAbs(slash) && isHostElem(slash) {
		return true
	}
	return len(tree) > 0 && (strings.HasPrefix(slash, "/") || isWindowsAbs(slash))
}

// isWindowsAbs reports whether slash is a Windows path with a drive
// letter ("C:/Users/x/main.go").
func isWindowsAbs(slash string) bool {
	return len(slash) >= 3 && slash[1] == ':' && slash[2] == '/' &&
		(slash[0] >= 'A' && slash[0] <= 'Z' || slash[0] >= 'a' && slash[0] <= 'z')
}

// generatedMain reports whether a main package frame is in code a build
// tool wrote: the main function "go test" generates (_testmain.go),
// go-fuzz's and libFuzzer's harnesses, cgo's export wrappers.
func generatedMain(fn, file string) bool {
	base := filepath.Base(filepath.ToSlash(file))
	return base == "_testmain.go" || strings.Contains(file, "/go.fuzz.main/") || strings.HasPrefix(base, "_cgo_") ||
		strings.HasPrefix(fn, "main.LLVMFuzzerTestOneInput") || strings.HasPrefix(fn, "main._cgoexp")
}

// inApp reports whether file lies in the app's tree: below a local module
// root or the tree of the dump's other app frames, on a path that names an
// app module ("…/src/example.com/app/…", or "example.com/app/…" in a
// -trimpath build), or on this machine in a package of an app module as
// the go.mod above it declares.
func inApp(c *Classifier, file string, roots []string) bool {
	slash := filepath.ToSlash(file)
	for _, r := range roots {
		if r == "" {
			continue
		}
		r = strings.TrimSuffix(filepath.ToSlash(r), "/") + "/"
		if strings.HasPrefix(slash, r) {
			return true
		}
	}
	for _, p := range c.AppPrefixes {
		if strings.HasPrefix(slash, p+"/") || strings.Contains(slash, "/"+p+"/") {
			return true
		}
	}
	return c.inLocalApp(file)
}
