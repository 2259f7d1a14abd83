package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// A crash dump names its frames' files at will, and the explainer reads
// the source of app frames (and the module around them) from disk. Before
// it does, every app frame whose file is on this machine must name a Go
// file of the app: below the local module root or in a package of an app
// module by the go.mod above it. A frame that names any other file
// (/etc/passwd, a key file, another module's source, a path that climbs
// out of the module with "..") is not counted as the app's, so that
// nothing reads it.

// guardSources demotes the app frames of r whose files are on this machine
// but are not the app's Go source, with a notice naming them.
func guardSources(r *report.Report, c *stack.Classifier, root string) {
	var roots []string
	if root != "" {
		roots = []string{root}
	}
	warned := map[string]bool{}
	guard := func(f *report.Frame) {
		if f == nil || f.Kind != report.FrameApp || !onThisMachine(f.File) {
			return
		}
		if abs, err := filepath.Abs(f.File); err == nil && c.IsAppSource(abs, roots) {
			return
		}
		f.Kind = report.FrameDependency
		if !warned[f.File] {
			warned[f.File] = true
			r.Notices = append(r.Notices, fmt.Sprintf("The dump names %s, which is not a Go source file of the app's module on this machine, for %s: its source is not read and the frame is not counted as the app's.", f.File, f.Function))
		}
	}
	for i := range r.Frames {
		guard(&r.Frames[i])
	}
	guard(r.CreatedBy)
	for i := range r.Goroutines {
		g := &r.Goroutines[i]
		for j := range g.Frames {
			guard(&g.Frames[j])
		}
		guard(g.CreatedBy)
	}
}

// onThisMachine reports whether a frame's file names something on this
// machine that a reader could open (a relative name from the current
// directory).
func onThisMachine(file string) bool {
	if file == "" {
		return false
	}
	_, err := os.Lstat(file)
	return err == nil
}
