package explainerr

import (
	"fmt"
	"path"
	"runtime"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// recoveredBy inspects the stack at a 5xx WriteHeader call. When it passes
// through runtime.gopanic, the goroutine was panicking: a recoverer inside
// explainerr (chi's middleware.Recoverer, the app's own deferred recover)
// took the panic value and wrote the status. It returns the recoverer's
// frame: the first one that called WriteHeader, past explainerr's own,
// net/http's (http.Error) and pass-through ResponseWriter methods.
func recoveredBy(pcs []uintptr) (recoverer runtime.Frame, panicking bool) {
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			return recoverer, true
		}
		pkg := stack.PackageOf(f.Function)
		if recoverer.Function == "" && pkg != selfPackage && pkg != "net/http" && pkg != "runtime" && !isWriterMethod(f.Function) {
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
func (ex *Explainer) recoveredReport(f *failure, rec runtime.Frame, body string) *report.Report {
	name := rec.Function
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
			Type:      "(recovered: value unknown)",
			Message:   msg,
			Recoverer: name,
		},
		Frames: stack.FromPCs(f.pcs, ex.classifier, ex.cfg.showRuntime),
		Status: f.status,
		Notices: []string{fmt.Sprintf(
			"This panic was recovered inside explainerr by %s, which then wrote status %d: the panic value is gone (%s). "+
				"The trace starts where the panic happened. Let explainerr be the recoverer: remove the inner recoverer, or put it outside explainerr.",
			where, f.status, valueWentTo(name))},
	}
}

// valueWentTo says where a recoverer sends the panic value it takes.
func valueWentTo(recoverer string) string {
	switch {
	case strings.HasPrefix(recoverer, "github.com/go-chi/chi/v5/middleware.Recoverer"),
		strings.HasPrefix(recoverer, "github.com/go-chi/chi/middleware.Recoverer"):
		return "chi's Recoverer printed it with its stack to the server's stderr, or to the request's log entry under middleware.RequestLogger"
	default:
		return "it went wherever that code sends it, often its log"
	}
}
