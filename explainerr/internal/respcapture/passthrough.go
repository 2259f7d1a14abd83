package respcapture

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// writerMethods are the ResponseWriter methods through which a pass-through
// wrapper (an access log's statusWriter, a compressor) hands a status or a
// body on to the writer it wraps.
var writerMethods = map[string]bool{
	"WriteHeader": true, "Write": true, "WriteString": true, "Flush": true, "ReadFrom": true,
}

// isWriterMethod reports whether function is a method (not a plain function
// or a closure) named like a ResponseWriter method, as in
// "main.(*statusWriter).WriteHeader".
func isWriterMethod(function string) bool {
	slash := strings.LastIndexByte(function, '/')
	rest := function[slash+1:]
	dot := strings.IndexByte(rest, '.')
	if dot < 0 {
		return false
	}
	recv, method, ok := cutLast(rest[dot+1:], '.')
	return ok && recv != "" && writerMethods[method]
}

// cutLast splits s around its last sep.
func cutLast(s string, sep byte) (before, after string, found bool) {
	i := strings.LastIndexByte(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// Frames turns the stack at a WriteHeader call (Failure.PCs, Late.PCs)
// into report frames, classified by c; runtime frames are kept when
// showRuntime is set.
//
// The ResponseWriter wrappers the status passed through on its way to
// explainerr (the app's access-log statusWriter, chi's compressor or
// WrapResponseWriter) are not where the status was decided: their frames
// count as machinery, so the frame blamed is the first one that is not a
// ResponseWriter method.
func Frames(pcs []uintptr, c *stack.Classifier, showRuntime bool) []report.Frame {
	frames := stack.FromPCs(pcs, c, true)
	for i := range frames {
		f := &frames[i]
		if f.Kind == report.FrameRuntime {
			continue // explainerr's own writer, the runtime
		}
		if !isWriterMethod(f.Function) {
			break
		}
		f.Kind = report.FrameRuntime
	}
	if showRuntime {
		return frames
	}
	return stack.WithoutRuntime(frames)
}
