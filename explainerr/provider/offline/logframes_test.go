package offline

import (
	"fmt"
	"testing"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// doghouseFiles is an app served through a framework's adapter: the status
// is written on a stack with no frame of the app, which logs the errors
// it meets with its logger's caller ("[handler/dogs.go:12]"). Its
// handler's error comes from five calls down, where a query builder is
// given a column's name.
var doghouseFiles = map[string]string{
	"go.mod": "module example.com/doghouse\n\ngo 1.22\n",
	"handler/dogs.go": `package handler

import "example.com/doghouse/store"

// Logf logs with the caller's place.
var Logf func(format string, args ...any)

// ListDogs answers the kennel's dogs.
func ListDogs(k *store.Kennel) func() (int, string) {
	return func() (int, string) {
		if err := k.Dogs(); err != nil {
			Logf("%v", err) //!logged
			return 500, err.Error()
		}
		return 200, "ok"
	}
}

// Walks answers how far the dogs walked.
func Walks(k *store.Kennel) func() (int, string) {
	return func() (int, string) {
		if err := k.Walked(); err != nil {
			return 500, err.Error()
		}
		return 200, "ok"
	}
}
`,
	"store/store.go": `package store

// DB is a query builder.
type DB interface {
	Table(name string) DB
	Select(cols ...string) DB
	Find(dst any) DB
	Err() error
}

// Kennel keeps dogs.
type Kennel struct{ db DB }

// Dogs loads the dogs.
func (k *Kennel) Dogs() error {
	var dogs []string
	return k.db.Table("dog").Find(&dogs).Err()
}

// Walked sums the walks.
func (k *Kennel) Walked() error { return k.total() }

func (k *Kennel) total() error {
	if err := k.legs(); err != nil {
		logf("total: %v", err) //!total
		return err
	}
	return nil
}

func (k *Kennel) legs() error  { return k.miles() }
func (k *Kennel) miles() error { return k.paces() }
func (k *Kennel) paces() error { return k.steps() }

func (k *Kennel) steps() error {
	var n int
	return k.db.Table("walks").Select("stride_len").Find(&n).Err()
}

func logf(format string, args ...any) {}
`,
}

// TestStackWithoutAppFrames: a status written with no frame of the app
// on its stack is read from the app's code the request's log names, in
// the module of the report's build directory: the location says so, the
// analysis finds the query, and the static context holds it. Without
// the directory nothing is made up.
func TestStackWithoutAppFrames(t *testing.T) {
	app := writeMarkedApp(t, doghouseFiles)
	_, line := app.line("logged")
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: `{"msg":"SQL logic error: no such table: dog (1)"}`},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework/adaptor.handlerFunc.func1", File: "/go/pkg/mod/github.com/some/framework/adaptor/adaptor.go", Line: 168, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/dogs"},
		Logs: []report.LogLine{
			{Text: fmt.Sprintf(`2026/12/04 03:35:04.186 ERROR [handler/dogs.go:%d] SQL logic error: no such table: dog (1) {"path": "/dogs", "method": "GET", "status": 500}`, line)},
			{Text: `2026/12/04 03:35:04.186 ERROR [HTTP] 500 | 931µs | 127.0.0.1 | GET | /dogs`},
		},
		Build: report.Build{Module: "example.com/doghouse", Dir: app.root},
	}
	r.Context = appsource.Static(r)
	text := Analyze(r)
	mustHave(t, text, "No frame of the app's own code is on the failing stack", "What the request logged leads to the app's code that met the error (a place it names, or the literal that worded it), at `dogs.go:"+itoa(line)+"` in `ListDogs`",
		"names `dog` at `(*Kennel).Dogs`")
	if !hasChunk(r.Context, "(*Kennel).Dogs") {
		t.Errorf("the static context lacks the query: %v", chunkSymbols(r.Context))
	}
	assertGroundedIn(t, r, text, doghouseFiles)

	r.Build.Dir, r.Context = "", nil
	text = Analyze(r)
	mustLack(t, text, "What the request logged leads", "(*Kennel).Dogs")
	if c := appsource.Static(r); len(c) != 0 {
		t.Errorf("chunks without the module: %v", chunkSymbols(c))
	}
}

// TestLoggedFunctionsAreReachRoots: a function the request's log names
// ran for it, so what it calls is searched as the frames' callees are,
// past the depth the frames alone reach: the query builder given the
// column's name is the query, though nothing on the stack reaches it.
func TestLoggedFunctionsAreReachRoots(t *testing.T) {
	app := writeMarkedApp(t, doghouseFiles)
	file, line := app.line("total")
	fr := app.frame(t, "logged", "ListDogs.func1")
	fr.Function = "example.com/doghouse/handler.Walks.func1"
	r := statusReport("SQL logic error: no such column: stride_len (1)", fr)
	r.Logs = []report.LogLine{{Text: fmt.Sprintf("2026/12/04 10:00:00 %s:%d: total: SQL logic error: no such column: stride_len (1)", file, line)}}
	r.Context = appsource.Static(r)
	if !hasChunk(r.Context, "(*Kennel).steps") {
		t.Errorf("the static context lacks the query: %v", chunkSymbols(r.Context))
	}
	text := Analyze(r)
	mustHave(t, text, "The query the request ran names it as a string of its own, at `(*Kennel).steps`")
	assertGroundedIn(t, r, text, doghouseFiles)
}

func hasChunk(cs []report.Chunk, symbol string) bool {
	for _, c := range cs {
		if c.Symbol == symbol {
			return true
		}
	}
	return false
}

func chunkSymbols(cs []report.Chunk) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Symbol+" ["+c.Reason+"]")
	}
	return out
}

// TestStackWithoutAppFramesNorLogs: with no frame of the app and no log
// line that names its code, the handler the request's route registers
// (matched by method and path) stands in: the location names it, and the
// static context holds what it calls.
func TestStackWithoutAppFramesNorLogs(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/aviary\n\ngo 1.22\n",
		"main.go": `package main

import "database/sql"

// Router registers routes.
type Router struct{}

// Get registers a GET route.
func (Router) Get(path string, h func() error) {}

var db *sql.DB

func routes(r Router) {
	r.Get("/api/birds", listBirds)
}

func listBirds() error {
	return countBirds()
}

func countBirds() error {
	_, err := db.Query("SELECT wingspan FROM bird")
	return err
}
`,
	}
	app := writeMarkedApp(t, files)
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: `{"msg":"no such column: wingspan"}`},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework/adaptor.handlerFunc.func1", File: "/go/pkg/mod/github.com/some/framework/adaptor/adaptor.go", Line: 168, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/api/birds"},
		Logs:    []report.LogLine{{Text: "10:00:00 | 500 | 3ms | 127.0.0.1 | GET | /api/birds | -"}},
		Build:   report.Build{Module: "example.com/aviary", Dir: app.root},
	}
	r.Context = appsource.Static(r)
	if !hasChunk(r.Context, "countBirds") {
		t.Errorf("the static context lacks the query: %v", chunkSymbols(r.Context))
	}
	text := Analyze(r)
	mustHave(t, text, "The request's route is handled by `listBirds`, declared at `main.go:17`", "`countBirds`")
	assertGroundedIn(t, r, text, files)
}

// turnstileFiles is an app whose handler logs a failed lookup with logrus'
// terminal format, which names no place, and answers 500 through a
// framework that writes the status after the handler returned. The
// lookup wraps its error with %v, so the handler's errors.Is no longer
// lets the missing ticket through.
var turnstileFiles = map[string]string{
	"go.mod": "module example.com/turnstile\n\ngo 1.22\n",
	"tickets/tickets.go": `package tickets

import (
	"errors"
	"fmt"
)

// ErrNoTicket is the error of a code no ticket has.
var ErrNoTicket = errors.New("no ticket")

// Ticket is a sold ticket.
type Ticket struct{ Code string }

var sold = map[string]*Ticket{}

// Find returns the ticket of code.
func Find(code string) (*Ticket, error) {
	t, ok := sold[code]
	if !ok {
		return nil, fmt.Errorf("ticket %s not on file: %v", code, ErrNoTicket) //!wrap
	}
	return t, nil
}
`,
	"web/gate.go": `package web

import (
	"errors"

	"example.com/turnstile/tickets"
)

// Errorf logs at the error level.
var Errorf func(format string, args ...any)

// Gate answers whether code lets its holder in: 403 for an unknown code.
func Gate(code string) int {
	t, err := tickets.Find(code)
	if err != nil && !errors.Is(err, tickets.ErrNoTicket) {
		Errorf("[gate] cannot check ticket %s: %v", code, err) //!logged
		return 500
	}
	if t == nil {
		return 403
	}
	return 200
}
`,
}

// TestLoggedMessageStandsInForFrames: a status written with no frame of
// the app, whose log line (logrus for a terminal) names no place, is read
// from the literals that worded the logged message: the lookup that
// wraps with %v is in the context and its wrap is the fix.
func TestLoggedMessageStandsInForFrames(t *testing.T) {
	app := writeMarkedApp(t, turnstileFiles)
	_, wrapLine := app.line("wrap")
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status"},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework.(*responseWriter).WriteHeaderNow", File: "/go/pkg/mod/github.com/some/framework/response_writer.go", Line: 77, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/gate/A7"},
		Logs: []report.LogLine{
			{Text: "ERRO[2026-12-05 03:45:00] [gate] cannot check ticket A7: ticket A7 not on file: no ticket "},
		},
		Build: report.Build{Module: "example.com/turnstile", Dir: app.root},
	}
	r.Context = appsource.Static(r)
	for _, want := range []string{"Find", "Gate"} {
		if !hasChunk(r.Context, want) {
			t.Errorf("the static context lacks %s: %v", want, chunkSymbols(r.Context))
		}
	}
	text := Analyze(r)
	mustHave(t, text, "the literal that worded it), at `tickets.go:"+itoa(wrapLine)+"` in `Find`", "Wrap it with `\"%w\"` instead of `\"%v\"` at `tickets.go:"+itoa(wrapLine)+"`")
	// The record is quoted as its canonical line (failureclass.LogText).
	assertGroundedIn(t, r, text, turnstileFiles, failureclass.LogText(r.Logs[0].Text))
}
