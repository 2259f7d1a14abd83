package page

import (
	"io"
	"testing"
)

// BenchmarkStart renders the top part of the page for a typical report:
// the part of the page written on every failure before the explanation.
func BenchmarkStart(b *testing.B) {
	r := sampleReport()
	b.ReportAllocs()
	for b.Loop() {
		if err := startReport(io.Discard, r, "N"); err != nil {
			b.Fatal(err)
		}
	}
}
