package explainerr

import (
	"fmt"
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// maxMessage bounds the error message kept in a report.
const maxMessage = 64 << 10

// panicReport describes a recovered panic value. It is called from the
// deferred function that recovered, so the current stack still holds the
// panicking frames.
func (ex *Explainer) panicReport(v any, msg string, calls *valueCalls) *report.Report {
	pcs := stack.Capture(2)
	r := &report.Report{
		Error: report.Error{
			Kind:    report.KindPanic,
			Type:    typeName(v),
			Message: msg,
		},
		Frames: stack.FromPCs(pcs, ex.classifier, ex.cfg.showRuntime),
		Status: http.StatusInternalServerError,
	}
	if err, ok := v.(error); ok {
		r.Error.Chain = chain(err, calls)
		r.Error.Database = databaseError(err, calls)
	}
	return r
}

// errorReport describes an error returned by a HandlerFunc: the handler
// function is the innermost frame, then the adapter's callers.
func (ex *Explainer) errorReport(he *respcapture.HandlerError, calls *valueCalls) *report.Report {
	r := &report.Report{
		Error: report.Error{
			Kind:     report.KindError,
			Type:     typeName(he.Err),
			Message:  describe(he.Err, calls),
			Chain:    chain(he.Err, calls),
			Database: databaseError(he.Err, calls),
		},
		Status: http.StatusInternalServerError,
	}
	below := stack.FromPCs(he.PCs, ex.classifier, ex.cfg.showRuntime)
	if he.Fn == 0 {
		// handler.Fail without the handler: a framework's error handler
		// passed on an error whose handler has returned.
		r.Error.HandedOver = true
		r.Notices = append(r.Notices, "The error was handed over by an error handler (handler.Fail) after the handler that returned it had returned: the stack is the error handler's, not where the error was made.")
	} else if name, file, line := handlerFrame(he.Fn, below); name != "" {
		f := report.Frame{Function: name, File: file, Line: line, Kind: ex.classifier.Kind(name, file)}
		if f.Kind == report.FrameApp {
			refineReturnLine(&f, ex.sources.Lines(file), r.Error.Message)
		}
		r.Frames = append(r.Frames, f)
	}
	r.Frames = append(r.Frames, below...)
	return r
}

// statusReport describes a 5xx status the app wrote (f, with the
// response's headers h): the stack at the WriteHeader call, the body
// written so far as the message. A status written while the goroutine was
// panicking is a recovered panic.
func (ex *Explainer) statusReport(f *respcapture.Failure, h http.Header) *report.Report {
	msg := f.Message(h)
	if rec, panicking := recoveredBy(f.PCs); panicking {
		return ex.recoveredReport(f, rec, msg)
	}
	rep := &report.Report{
		Error: report.Error{
			Kind:    report.KindStatus,
			Type:    "http.Status",
			Message: msg,
		},
		Frames: respcapture.Frames(f.PCs, ex.classifier, ex.cfg.showRuntime),
		Status: f.Status,
	}
	if lib := writtenByLibrary(rep.Frames); lib != nil {
		ex.noteWrittenBy(rep, lib)
	}
	return rep
}

// lateStatusReport describes a 5xx status written after the response had
// started (l, with the response's headers h): the client already had
// another status and part of the body.
func (ex *Explainer) lateStatusReport(l *respcapture.Late, h http.Header) *report.Report {
	msg := strings.TrimSpace(l.Message(h))
	if msg == "" {
		msg = fmt.Sprintf("status %d written after the response had started", l.Status)
	}
	return &report.Report{
		Error: report.Error{
			Kind:    report.KindStatus,
			Type:    "http.Status",
			Message: msg,
			Late:    true,
		},
		Frames: respcapture.Frames(l.PCs, ex.classifier, ex.cfg.showRuntime),
		Status: l.Status,
		Notices: []string{fmt.Sprintf("Status %d was written after the response had started: "+
			"the client had already received another status and part of the body, so it got no error page.", l.Status)},
	}
}

// typeName returns the Go type of v, as fmt's %T does ("<nil>" for nil).
func typeName(v any) string {
	if v == nil {
		return "<nil>"
	}
	return reflect.TypeOf(v).String()
}

// describe returns v's message, surviving a panic in its Error or String
// method and bounding its size.
func describe(v any, calls *valueCalls) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprintf("(%T: its Error or String method panicked: %s)", v, sprintWith(p, calls))
		}
		if len(msg) > maxMessage {
			msg = msg[:maxMessage] + fmt.Sprintf("… (%d bytes in all)", len(msg))
		}
		// Binary panic values, and the cut above, may leave bytes that are
		// not UTF-8; the page, the JSON report and the prompt need text.
		msg = strings.ToValidUTF8(msg, "\uFFFD")
	}()
	return valueText(v, calls)
}

// safeSprint formats a value that may itself panic, or block, when
// formatted, within DefaultValueDeadline.
func safeSprint(v any) string {
	calls := newValueCalls(DefaultValueDeadline)
	defer calls.done()
	return sprintWith(v, calls)
}

// sprintWith formats a value that may itself panic, or block, when
// formatted, through calls.
func sprintWith(v any, calls *valueCalls) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("a %T value", v)
		}
	}()
	s = valueText(v, calls)
	if len(s) > 1024 {
		s = s[:1024] + "…"
	}
	return s
}

// stamp sets the time of a report.
func stamp(r *report.Report) { r.Time = time.Now().UTC() }
