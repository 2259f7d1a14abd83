package respcapture

import "github.com/explainerr/explainerr/explainerr/report"

// timeoutHandlerServe is the method through which http.TimeoutHandler
// re-raises a handler's panic and copies its buffered response.
const timeoutHandlerServe = "net/http.(*timeoutHandler).ServeHTTP"

// NoteHiddenBy adds to rep a notice when a wrapper between explainerr and the
// handler hid part of the failure: http.TimeoutHandler runs the handler on
// another goroutine, re-panics its panic value there and writes its
// buffered response after it returned, through a writer without Unwrap.
func NoteHiddenBy(rep *report.Report) {
	if len(rep.Frames) == 0 || rep.Frames[0].Function != timeoutHandlerServe {
		return
	}
	var lost string
	switch rep.Error.Kind {
	case report.KindPanic:
		lost = "it re-raised the panic on its own goroutine, so the trace shows where TimeoutHandler re-raised it, not where it happened; the panic value is kept"
	default:
		lost = "it buffers the handler's response and writes it after the handler returned, so where the app wrote the status is not known (and an error returned by a HandlerFunc under it becomes a plain 500); the status and body are kept"
	}
	rep.Notices = append(rep.Notices, "http.TimeoutHandler sits between explainerr and the handler: "+lost+
		". Put explainerr inside http.TimeoutHandler to see the whole failure.")
}
