package respcapture

import (
	"path"
	"reflect"
	"runtime"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// captureStatus records the stack at a WriteHeader or Write call of the
// writer. It starts inside the writer: explainerr's own frames are machinery,
// hidden in reports and skipped when a call site is named.
func captureStatus() []uintptr { return stack.Capture(1) }

// selfPackage is the import path of this package; its frames are the
// writer's own and never a call site.
var selfPackage = reflect.TypeOf(Writer{}).PkgPath()

// middlewarePackage is the import path of the middleware's package, two
// levels up (explainerr/internal/respcapture): its frames are machinery
// too, never a call site.
var middlewarePackage = path.Dir(path.Dir(selfPackage))

// callSite returns the frame to name as the caller of a ResponseWriter
// method: the first frame of the app (as c classifies it) outside the
// app's pass-through ResponseWriter wrappers, else the first frame outside
// explainerr, net/http and any pass-through wrapper (an access log's
// statusWriter.WriteHeader, chi's basicWriter): a library that wrote for
// the app (render.JSON) is named only when no app frame called it.
func callSite(pcs []uintptr, c *stack.Classifier) runtime.Frame {
	frames := runtime.CallersFrames(pcs)
	var first, outside runtime.Frame
	for {
		f, more := frames.Next()
		if first.Function == "" {
			first = f
		}
		pkg := stack.PackageOf(f.Function)
		if pkg != selfPackage && pkg != middlewarePackage && pkg != "net/http" && pkg != "runtime" && !isWriterMethod(f.Function) {
			if c != nil && c.Kind(f.Function, f.File) == report.FrameApp {
				return f
			}
			if outside.Function == "" {
				outside = f
			}
		}
		if !more {
			break
		}
	}
	if outside.Function != "" {
		return outside
	}
	return first
}
