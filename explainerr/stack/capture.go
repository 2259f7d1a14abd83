package stack

import (
	"runtime"

	"github.com/explainerr/explainerr/explainerr/report"
)

// MaxDepth is the largest number of program counters Capture records.
const MaxDepth = 512

// Capture records the calling goroutine's stack, skipping skip frames above
// the caller of Capture (skip 0 starts at the caller of Capture).
func Capture(skip int) []uintptr {
	pcs := make([]uintptr, MaxDepth)
	n := runtime.Callers(skip+2, pcs)
	return pcs[:n]
}

// FromPCs turns program counters from runtime.Callers into classified
// frames, innermost first. When the stack passes through a panic, every frame
// inside the panic machinery (the recovering function and runtime.gopanic,
// runtime.sigpanic and their helpers) is dropped unless keepRuntime is set;
// then the frames still start at the failure itself.
func FromPCs(pcs []uintptr, c *Classifier, keepRuntime bool) []report.Frame {
	frames := make([]report.Frame, 0, len(pcs))
	it := runtime.CallersFrames(pcs)
	for {
		f, more := it.Next()
		if f.Function != "" || f.File != "" {
			frames = append(frames, report.Frame{
				Function: f.Function,
				File:     f.File,
				Line:     f.Line,
				Kind:     c.Kind(f.Function, f.File),
			})
		}
		if !more {
			break
		}
	}
	// Everything up to the last runtime.gopanic is the recovering code.
	start := 0
	for i, f := range frames {
		if f.Function == "runtime.gopanic" {
			start = i
		}
	}
	frames = frames[start:]
	if keepRuntime {
		return frames
	}
	return WithoutRuntime(frames)
}

// WithoutRuntime returns frames without those of kind report.FrameRuntime,
// in place.
func WithoutRuntime(frames []report.Frame) []report.Frame {
	out := frames[:0]
	for _, f := range frames {
		if f.Kind != report.FrameRuntime {
			out = append(out, f)
		}
	}
	return out
}

// Collapse merges identical consecutive frames (the same function, file and
// line, as in deep recursion) into one frame whose Repeat counts them.
func Collapse(frames []report.Frame) []report.Frame {
	out := make([]report.Frame, 0, len(frames))
	for _, f := range frames {
		if n := len(out); n > 0 {
			last := &out[n-1]
			if last.Function == f.Function && last.File == f.File && last.Line == f.Line {
				if last.Repeat == 0 {
					last.Repeat = 1
				}
				last.Repeat += max(f.Repeat, 1)
				continue
			}
		}
		out = append(out, f)
	}
	return out
}
