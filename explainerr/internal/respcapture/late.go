package respcapture

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"path"
	"reflect"
	"runtime"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// errHandlerReturned is what a ResponseWriter call gets once the handler
// has returned (from a goroutine the handler left running): the call is
// dropped.
var errHandlerReturned = errors.New("explainerr: the handler has returned; the ResponseWriter must not be used any more (write dropped)")

// afterReturn logs, once per request, that the handler's ResponseWriter was
// used after the handler returned, naming the app's call site. It reads
// only what is fixed once the gate has closed and the calls in progress
// then have left: the failure record's pointer and its Owner.
func (w *Writer) afterReturn(op string) {
	if !w.warnOnce() {
		return
	}
	w.drain()
	o := w.fail.owner
	site := callSite(stack.Capture(1), o.classifier)
	o.log.LogAttrs(context.Background(), slog.LevelWarn,
		"explainerr: a ResponseWriter was used after its handler returned; the call was dropped",
		slog.String("call", op),
		slog.String("from", site.Function),
		slog.String("at", fmt.Sprintf("%s:%d", path.Base(site.File), site.Line)))
}

// Late is a 5xx status written after the response had started: the
// client already has another status and part of the body.
type Late struct {
	Status int
	// PCs is the stack at its WriteHeader call.
	PCs []uintptr
	// Body holds up to maxCapturedBody bytes written after it.
	Body []byte
}

// Message returns the body written after the late status as its message,
// given the response's headers (h).
func (l *Late) Message(h http.Header) string { return bodyMessage(l.Body, len(l.Body), h) }

// lateStatus records the first 5xx status written after the response
// started; the body that follows is copied as its message.
func (w *Writer) lateStatus(code int) {
	f := w.record()
	if f.Late != nil {
		return
	}
	f.Late = &Late{Status: code, PCs: captureStatus()}
	w.state |= stLate
}

// Kinds of ResponseWriter misuse that net/http logs.
const (
	misuseSuperfluous    = "http: superfluous response.WriteHeader call"
	misuseHijackedHeader = "http: response.WriteHeader on hijacked connection"
	misuseHijackedWrite  = "http: response.Write on hijacked connection"
)

// maxMisuse bounds how many misuses of one request are logged.
const maxMisuse = 4

// misuse is one call net/http would have logged, with the stack at the call.
type misuse struct {
	what string
	pcs  []uintptr
}

// misused records a call that net/http would log. It is not forwarded, since
// net/http would then name this wrapper as the caller; logMisuse writes the
// same line naming the app's call site instead.
func (w *Writer) misused(what string) {
	f := w.record()
	if len(f.misuse) < maxMisuse {
		f.misuse = append(f.misuse, misuse{what: what, pcs: captureStatus()})
	}
}

// LogMisuse writes net/http's line for each misuse recorded in f where
// net/http would (the server's ErrorLog of r's server, else the standard
// logger), naming the app's call site.
func (f *Failure) LogMisuse(r *http.Request) {
	for _, m := range f.misuse {
		site := callSite(m.pcs, f.owner.classifier)
		line := fmt.Sprintf("%s from %s (%s:%d)", m.what, site.Function, path.Base(site.File), site.Line)
		if srv, ok := r.Context().Value(http.ServerContextKey).(*http.Server); ok && srv.ErrorLog != nil {
			srv.ErrorLog.Print(line)
		} else {
			log.Print(line)
		}
	}
}

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
