package gomodule

import (
	"os"
	"runtime/debug"
	"sync"
)

var (
	mainOnce   sync.Once
	mainModule string
)

// Main returns the running program's main module path from its build
// information, or, when that is missing (a test binary, "go run" of a file),
// the module of the nearest go.mod above the working directory. It returns
// "" when neither is known.
func Main() string {
	mainOnce.Do(func() {
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path != "" && bi.Main.Path != "command-line-arguments" {
			mainModule = bi.Main.Path
			return
		}
		if wd, err := os.Getwd(); err == nil {
			mainModule, _ = At(wd)
		}
	})
	return mainModule
}
