package explainerr_test

import (
	"io"
	"log"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
)

// atDepth calls f with about depth more frames on the stack, as a log call
// deep in a handler has.
func atDepth(depth int, f func()) {
	if depth == 0 {
		f()
		return
	}
	atDepth(depth-1, f)
}

// nopWriter discards what it gets. Unlike io.Discard, the log package does
// not recognise it, so it formats every line as it would for a real output.
type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkLogLine measures one log.Printf to a discarding output, with log
// capture off and on, from a shallow stack and from 32 frames deep (the
// capture reads the goroutine id from a stack trace, whose cost grows with
// the depth).
func BenchmarkLogLine(b *testing.B) {
	for _, c := range []struct {
		name    string
		capture bool
		depth   int
	}{
		{"off", false, 0},
		{"on", true, 0},
		{"off-deep32", false, 32},
		{"on-deep32", true, 32},
	} {
		b.Run(c.name, func(b *testing.B) {
			out := log.Writer()
			log.SetOutput(nopWriter{})
			defer log.SetOutput(out)
			benchExplainer(b, explainerr.WithLogCapture(c.capture))
			b.ReportAllocs()
			atDepth(c.depth, func() {
				for b.Loop() {
					log.Printf("saving item %d: %v", 42, io.ErrUnexpectedEOF)
				}
			})
		})
	}
}
