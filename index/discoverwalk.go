package index

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/explainerr/explainerr/internal/gomodule"
)

// walkPackages lists the Go files of the packages matched by directory
// patterns ("./...", "./x/...", ".", "./x") by reading the directories
// with go/build, as the go command would but without starting it: build
// constraints for this platform, no vendor, testdata, "." or "_"
// directories, no nested modules. Packages embed no file outside their
// directory tree, which the asset walk covers. ok is false when the go
// command is needed: other patterns, GOFLAGS or a workspace, a directory
// go/build cannot read cleanly.
func walkPackages(dir, root string, patterns []string, tests bool) (files []listedFile, ok bool) {
	if !plainGoEnvironment(dir) {
		return nil, false
	}
	module, _ := gomodule.At(root)
	if module == "" {
		return nil, false
	}
	ctxt := build.Default
	seen := map[string]bool{}
	for _, p := range patterns {
		base, recursive, ok := directoryPattern(dir, p)
		if !ok {
			return nil, false
		}
		if rel, inside := relToRoot(root, base); !inside || (base != root && hasGoMod(base)) || (rel != "." && skippedPath(rel+"/x")) {
			return nil, false
		}
		var dirs []string
		err := filepath.WalkDir(base, func(d string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() {
				return nil
			}
			if d != base && (!recursive || skippedDir(e.Name()) || hasGoMod(d)) {
				return filepath.SkipDir
			}
			if !seen[d] {
				seen[d] = true
				dirs = append(dirs, d)
			}
			return nil
		})
		if err != nil {
			return nil, false
		}
		pkgs, err := importDirs(&ctxt, dirs)
		if err != nil {
			return nil, false
		}
		for i, d := range dirs {
			pkg := pkgs[i]
			if pkg == nil {
				continue
			}
			rel, _ := relToRoot(root, d)
			importPath := path.Join(module, rel)
			if rel == "." {
				importPath = module
			}
			add := func(names []string, pkgPath string) {
				for _, n := range names {
					files = append(files, listedFile{abs: filepath.Join(d, n), pkg: pkgPath})
				}
			}
			add(pkg.GoFiles, importPath)
			add(pkg.CgoFiles, importPath)
			if tests {
				add(pkg.TestGoFiles, importPath)
				add(pkg.XTestGoFiles, importPath+"_test")
			}
		}
	}
	return files, true
}

// importDirs reads the packages of dirs with go/build, on all cores:
// pkgs[i] is the package in dirs[i], nil when it holds no Go files.
func importDirs(ctxt *build.Context, dirs []string) ([]*build.Package, error) {
	pkgs := make([]*build.Package, len(dirs))
	errs := make([]error, len(dirs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(dirs))) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(dirs) {
					return
				}
				pkg, err := ctxt.ImportDir(dirs[i], 0)
				var noGo *build.NoGoError
				switch {
				case errors.As(err, &noGo):
				case err != nil:
					errs[i] = err
				default:
					pkgs[i] = pkg
				}
			}
		})
	}
	wg.Wait()
	return pkgs, errors.Join(errs...)
}

// directoryPattern returns the directory of a pattern naming a directory
// ("." or "./x"), or a directory and everything below it ("./...", "./x/...").
func directoryPattern(dir, p string) (base string, recursive, ok bool) {
	if p != "." && !strings.HasPrefix(p, "./") {
		return "", false, false
	}
	p, recursive = strings.CutSuffix(p, "/...")
	if p == "..." {
		return "", false, false
	}
	if strings.Contains(p, "...") || strings.ContainsAny(p, "*?[") {
		return "", false, false
	}
	return filepath.Join(dir, filepath.FromSlash(p)), recursive, true
}

// plainGoEnvironment reports whether only the environment go/build reads
// decides what the go command lists: no build tags in GOFLAGS, no
// GOEXPERIMENT, and no go.work workspace, set in the environment or the go
// env file.
func plainGoEnvironment(dir string) bool {
	env := map[string]string{}
	envFile := os.Getenv("GOENV")
	if envFile == "" {
		if cfg, err := os.UserConfigDir(); err == nil {
			envFile = filepath.Join(cfg, "go", "env")
		}
	}
	if data, err := os.ReadFile(envFile); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
				env[k] = v
			}
		}
	}
	for _, k := range []string{"GOFLAGS", "GOEXPERIMENT", "GOWORK", "GOOS", "GOARCH", "CGO_ENABLED"} {
		if v, ok := os.LookupEnv(k); ok {
			env[k] = v
		}
	}
	if strings.Contains(env["GOFLAGS"], "tags") || env["GOEXPERIMENT"] != "" {
		return false
	}
	// go/build reads GOOS, GOARCH and CGO_ENABLED from the environment only.
	for _, k := range []string{"GOOS", "GOARCH", "CGO_ENABLED"} {
		if v, ok := env[k]; ok && os.Getenv(k) != v {
			return false
		}
	}
	switch env["GOWORK"] {
	case "off":
		return true
	case "":
	default:
		return false
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return false
		}
		if filepath.Dir(d) == d {
			return true
		}
	}
}

func hasGoMod(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}
