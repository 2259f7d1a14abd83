package appsource

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// repoFile is a file of this repository, so that Load reads this module.
func repoFile(b *testing.B) string {
	file, err := filepath.Abs("module.go")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(file); err != nil {
		b.Fatal(err)
	}
	return file
}

// BenchmarkLoadCold parses this repository's module from disk each time,
// as the first failure of a process does.
func BenchmarkLoadCold(b *testing.B) {
	file := repoFile(b)
	b.ReportAllocs()
	for b.Loop() {
		cache.Lock()
		cache.byRoot = nil
		cache.Unlock()
		if Load(file) == nil {
			b.Fatal("no source")
		}
	}
}

// BenchmarkLoadWarm finds the module unchanged and reuses its parse, as
// every later failure does.
func BenchmarkLoadWarm(b *testing.B) {
	file := repoFile(b)
	Load(file)
	b.ReportAllocs()
	for b.Loop() {
		if Load(file) == nil {
			b.Fatal("no source")
		}
	}
}

// BenchmarkStatic gathers the static context of a failure in this
// repository's sample blog (the module parse reused, as for every failure
// after the first): the frame's function, its callees and its receiver.
func BenchmarkStatic(b *testing.B) {
	file, err := filepath.Abs("../../../blogapp/app/models.go")
	if err != nil {
		b.Fatal(err)
	}
	m := Load(file)
	if m == nil {
		b.Fatal("no source")
	}
	_, fd := m.FuncAt(file, 75)
	if fd == nil {
		b.Fatal("no function at models.go:75")
	}
	line := m.Fset.Position(fd.Body.Lbrace).Line + 1
	r := &report.Report{Frames: []report.Frame{{Function: "example.com/blogapp/app.(*SiteStats).AddPost", File: file, Line: line, Kind: report.FrameApp}}}
	b.ReportAllocs()
	for b.Loop() {
		if len(Static(r)) == 0 {
			b.Fatal("no context")
		}
	}
}
