package explainerr

import (
	"fmt"
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"path"
	"runtime"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// recoveredBy inspects the stack at a 5xx WriteHeader call. When it passes
// through runtime.gopanic, the goroutine was panicking: a recoverer inside
// explainerr (chi's middleware.Recoverer, echo's Recover, the app's own
// deferred recover) took the panic value and wrote the status, itself or
// through an error handler. It returns the recoverer's frame: the deferred
// function that runtime.gopanic called, which is the outermost frame below
// runtime.gopanic (runtime frames and the compiler's deferwrap wrappers
// aside), whatever helpers (http.Error, an error handler, a JSON encoder)
// it wrote the status through.
func recoveredBy(pcs []uintptr) (recoverer runtime.Frame, panicking bool) {
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			return recoverer, true
		}
		if stack.PackageOf(f.Function) != "runtime" && !strings.Contains(f.Function, ".deferwrap") {
			recoverer = f
		}
		if !more {
			return runtime.Frame{}, false
		}
	}
}

// recoveredReport describes a panic that a recoverer inside explainerr took
// before explainerr could: the frames start at the panic site (the stack at
// the recoverer's WriteHeader still holds it, below runtime.gopanic), and
// the value is gone, so the report says where it went.
func (ex *Explainer) recoveredReport(f *respcapture.Failure, rec runtime.Frame, body string) *report.Report {
	name := ex.classifier.OwnName(rec.Function, rec.File)
	if name == "" {
		name = "a recoverer"
	}
	where := fmt.Sprintf("%s (%s:%d)", name, path.Base(rec.File), rec.Line)
	msg := strings.TrimSpace(body)
	if msg == "" {
		msg = fmt.Sprintf("a panic recovered by %s; its value did not reach explainerr", name)
	}
	return &report.Report{
		Error: report.Error{
			Kind:      report.KindPanic,
			Type:      report.TypeRecoveredUnknown,
			Message:   msg,
			Recoverer: name,
		},
		Frames: stack.FromPCs(f.PCs, ex.classifier, ex.cfg.showRuntime),
		Status: f.Status,
		Notices: []string{fmt.Sprintf(
			"This panic was recovered inside explainerr by %s, which then wrote status %d: the panic value is gone (%s). "+
				"The trace starts where the panic happened. Let explainerr be the recoverer: remove the inner recoverer, or put it outside explainerr.",
			where, f.Status, valueWentTo(name))},
	}
}

// valueWentTo says where a recoverer sends the panic value it takes.
func valueWentTo(recoverer string) string {
	switch {
	case strings.HasPrefix(recoverer, "github.com/go-chi/chi/v5/middleware.Recoverer"),
		strings.HasPrefix(recoverer, "github.com/go-chi/chi/middleware.Recoverer"):
		return "chi's Recoverer printed it with its stack to the server's stderr, or to the request's log entry under middleware.RequestLogger"
	case strings.HasPrefix(recoverer, "github.com/labstack/echo/v4/middleware.Recover"):
		return "echo's Recover logged it with its stack through the Echo instance's Logger, and handed an error to its HTTPErrorHandler"
	case strings.HasPrefix(recoverer, "github.com/gin-gonic/gin.CustomRecoveryWithWriter"), strings.HasPrefix(recoverer, "github.com/gin-gonic/gin.Recovery"):
		return "gin's Recovery printed it with its stack to gin.DefaultErrorWriter (stderr)"
	default:
		return "it went wherever that code sends it, often its log"
	}
}
