package offline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// repoReport is a report whose innermost app frame is a file of this
// repository, so that the analyzer reads this module.
func repoReport(b *testing.B) *report.Report {
	file, err := filepath.Abs("offline.go")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(file); err != nil {
		b.Fatal(err)
	}
	return &report.Report{Frames: []report.Frame{{Function: "example.com/x.F", File: file, Line: 1, Kind: report.FrameApp}}}
}

// BenchmarkLoadAppSourceCold parses this repository's module from disk
// each time, as the first failure of a process does.
func BenchmarkLoadAppSourceCold(b *testing.B) {
	r := repoReport(b)
	b.ReportAllocs()
	for b.Loop() {
		sourceCache.Lock()
		sourceCache.byRoot = nil
		sourceCache.Unlock()
		if loadAppSource(r) == nil {
			b.Fatal("no source")
		}
	}
}

// BenchmarkLoadAppSourceWarm finds the module unchanged and reuses its
// parse, as every later failure does.
func BenchmarkLoadAppSourceWarm(b *testing.B) {
	r := repoReport(b)
	loadAppSource(r)
	b.ReportAllocs()
	for b.Loop() {
		if loadAppSource(r) == nil {
			b.Fatal("no source")
		}
	}
}
