package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// raisedAgainFiles hold a handler that drops a lookup's error and reads
// the user it kept, registered on a route, a logging middleware of the
// app, and (standing for a library in the module cache) a timeout
// middleware that raises the handler's panic again on its own goroutine.
var raisedAgainFiles = map[string]string{
	"go.mod": "module example.com/accounts\n",
	"main.go": `package main

import "errors"

type Ctx interface{ Param(string) string }

type User struct{ Verified bool }

type Store struct{ users map[string]*User }

func (s *Store) ByEmail(email string) (*User, error) {
	u, ok := s.users[email]
	if !ok {
		return nil, errors.New("no such user")
	}
	return u, nil
}

type Accounts struct{ store *Store }

func (h *Accounts) Verify(c Ctx) error {
	usr, _ := h.store.ByEmail(c.Param("email"))
	if usr.Verified {
		return nil
	}
	return nil
}

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error) {}

func routes(g *Group, h *Accounts) {
	g.GET("/verify/:email", h.Verify)
}

func logRequests(next func(c Ctx) error) func(c Ctx) error {
	return func(c Ctx) error {
		return next(c) //! logmw
	}
}
`,
	"lib/timeout.go": `package timeout

func Run(h func()) {
	ch := make(chan any, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- p
			}
		}()
		h()
	}()
	if p := <-ch; p != nil {
		panic(p) //! again
	}
}
`,
}

// TestPanicRaisedAgainNamesTheRoutesHandler: a nil pointer the timeout
// middleware raised again is not blamed on the app's logging middleware
// the trace shows; the route's handler and the error it drops are named.
// The same trace whose library line is not a panic of a variable is a
// nil pointer met in that library, analysed as before.
func TestPanicRaisedAgainNamesTheRoutesHandler(t *testing.T) {
	app := writeMarkedApp(t, raisedAgainFiles)
	libFile, libLine := app.line("again")
	build := func(line int) *report.Report {
		r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
			libFrame(report.FrameDependency, "example.com/timeout.Run", libFile, line),
			app.frame(t, "logmw", "logRequests.func1"))
		r.Request = report.Request{Method: "GET", URL: "/verify/x@example.com", Route: "/verify/:email"}
		return r
	}
	text := Analyze(build(libLine))
	mustHave(t, text,
		"raised again by `timeout.Run`",
		"The module registers `(*Accounts).Verify` (`main.go:21`) for `GET /verify/:email`",
		"In `(*Accounts).Verify`, `main.go:22`: `usr, _ := h.store.ByEmail(c.Param(\"email\"))` drops the call's error",
		"without the timeout middleware")
	mustLack(t, text, "logRequests.func1` (a function literal")

	other := Analyze(build(libLine - 3))
	mustLack(t, other, "raised again")
}

// TestPanicRaisedAgainNamesTheUnsetField: when the route's handler goes
// through a field of its receiver that the constructor leaves out and
// nothing sets, the panic raised again is traced to that constructor.
func TestPanicRaisedAgainNamesTheUnsetField(t *testing.T) {
	files := map[string]string{
		"go.mod":         raisedAgainFiles["go.mod"],
		"lib/timeout.go": raisedAgainFiles["lib/timeout.go"],
		"main.go": `package main

type Ctx interface{ Param(string) string }

type Blob struct{ Data []byte }

type Blobs struct{ byID map[string]*Blob }

func (b *Blobs) Get(id string) *Blob { return b.byID[id] }

type Options struct{ Inline bool }

type Files struct {
	Options *Options
	Blobs   *Blobs
}

func NewFiles(opts *Options, blobs *Blobs) *Files {
	return &Files{
		Options: opts,
	}
}

func (f *Files) Stream(c Ctx) error {
	blob := f.Blobs.Get(c.Param("id"))
	_ = blob
	return nil
}

type Group struct{}

func (g *Group) GET(path string, h func(c Ctx) error) {}

func routes(g *Group, f *Files) {
	g.GET("/f/:id", f.Stream)
}

func logRequests(next func(c Ctx) error) func(c Ctx) error {
	return func(c Ctx) error {
		return next(c) //! logmw
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	libFile, libLine := app.line("again")
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		libFrame(report.FrameDependency, "example.com/timeout.Run", libFile, libLine),
		app.frame(t, "logmw", "logRequests.func1"))
	r.Request = report.Request{Method: "GET", URL: "/f/7", Route: "/f/:id"}
	text := Analyze(r)
	mustHave(t, text,
		"`(*Files).Stream` goes through `Blobs` of its receiver at `main.go:25`",
		"`NewFiles` builds the `Files` without it (`main.go:19`",
		"Set `Blobs` in the literal `NewFiles` builds (`main.go:19`), from its parameter `blobs`")
	mustLack(t, text, "goes through `Options`")
}
