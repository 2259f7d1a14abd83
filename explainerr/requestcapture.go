package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"net/http"

	"github.com/explainerr/explainerr/explainerr/internal/logcapture"
	"github.com/explainerr/explainerr/explainerr/report"
)

// requestCapture is what is recorded of one request while its handler
// runs: where its log lines start, and the body its handler reads. It lives
// on the middleware's stack until the request fails. Starting it costs an
// atomic load, and nothing for a request without a body: the recorder of a
// body shares the writer's allocation (newWriterWithBody).
type requestCapture struct {
	// logMark is the log line sequence number the request started at, plus
	// one; 0 when log capture is off.
	logMark uint64
	body    *bodyRecorder
}

// writerWithBody is the writer and body recorder of a request with a body,
// allocated together.
type writerWithBody struct {
	respcapture.Writer
	body bodyRecorder
}

// hasBody reports whether r has a body to record: its writer is then made
// by newWriterWithBody. A request net/http serves has a ContentLength of 0
// exactly when its Body is http.NoBody; the length is read because it is
// the cheaper test, measured on the happy path.
func hasBody(r *http.Request) bool { return r.ContentLength != 0 && r.Body != nil }

// newWriterWithBody returns the writer for the response to r, which has a
// body, wrapping rw for o, and starts recording into c the body r's
// handler reads; the recorder shares the writer's allocation. It is kept
// out of line so that the middleware stays small for requests without a
// body.
//
//go:noinline
func newWriterWithBody(o *respcapture.Owner, rw http.ResponseWriter, r *http.Request, c *requestCapture) *respcapture.Writer {
	wb := &writerWithBody{body: bodyRecorder{ReadCloser: r.Body}}
	o.Init(&wb.Writer, rw)
	r.Body = (*requestBody)(wb)
	c.body = &wb.body
	return &wb.Writer
}

// requestBody is the body a handler reads: its reads are recorded through
// the writer's gate (respcapture.Writer.Enter), so that once the handler has returned, what
// a goroutine it left running reads is passed on but not recorded, and the
// recorder is the middleware's alone.
type requestBody writerWithBody

// Read reads from the request body, recording what it returns while the
// handler runs.
func (b *requestBody) Read(p []byte) (int, error) {
	if !b.Writer.Enter() {
		return b.body.ReadCloser.Read(p)
	}
	defer b.Writer.Leave()
	return b.body.Read(p)
}

// Close closes the request body.
func (b *requestBody) Close() error { return b.body.ReadCloser.Close() }

// attach adds to rep, whose Request is already described, what the request
// logged and what its handler read of the body: form fields (when the
// request object the middleware holds shows none, as when the handler
// parsed a copy made by r.WithContext), or the JSON or text body. It must be
// called from the goroutine that served the request.
func (c *requestCapture) attach(rep *report.Report, r *http.Request) {
	if c.logMark != 0 {
		rep.Logs, rep.LogsCut = logcapture.Collect(c.logMark - 1)
	}
	v := c.body.describeBody(r.Header.Get("Content-Type"))
	if len(v.form) > 0 && len(rep.Request.Form) == 0 {
		rep.Request.Form = v.form
	}
	if v.text != "" {
		rep.Request.Body, rep.Request.BodyType = v.text, v.mediaType
	}
}
