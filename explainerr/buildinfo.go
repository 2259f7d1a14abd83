package explainerr

import (
	"os"
	"runtime"
	"runtime/debug"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// buildInfo describes the running binary from its build information.
func buildInfo() report.Build {
	b := report.Build{GoVersion: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.Module = bi.Main.Path
	if wd, err := os.Getwd(); err == nil && b.Module != "" {
		if mod, root := stack.ModuleAt(wd); mod == b.Module {
			b.Dir = root
		}
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}
