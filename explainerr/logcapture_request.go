package explainerr

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr/report"
)

// requestCapture is what is recorded of one request while its handler
// runs: where its log lines start, and the body its handler reads. Starting
// it costs an atomic load, plus a small wrapper for a request with a body.
type requestCapture struct {
	// logMark is the log line sequence number the request started at, plus
	// one; 0 when log capture is off. (One word: the writer that holds it
	// is allocated for every request.)
	logMark uint64
	body    *bodyRecorder
}

// startCapture begins recording r: the log lines its goroutine writes from
// now on (when log capture is on) and the body its handler reads.
func (ex *Explainer) startCapture(r *http.Request) requestCapture {
	c := requestCapture{body: recordBody(r)}
	if ex.logs != nil {
		c.logMark = capturedLogs.mark() + 1
	}
	return c
}

// attach adds to rep, whose Request is already described, what the request
// logged and what its handler read of the body: form fields (when the
// request object the middleware holds shows none, as when the handler
// parsed a copy made by r.WithContext), or the JSON or text body. It must be
// called from the goroutine that served the request.
func (c *requestCapture) attach(rep *report.Report, r *http.Request) {
	if c.logMark != 0 {
		rep.Logs, rep.LogsCut = capturedLogs.collect(c.logMark - 1)
	}
	v := c.body.describeBody(r.Header.Get("Content-Type"))
	if len(v.form) > 0 && len(rep.Request.Form) == 0 {
		rep.Request.Form = v.form
	}
	if v.text != "" {
		rep.Request.Body, rep.Request.BodyType = v.text, v.mediaType
	}
}
