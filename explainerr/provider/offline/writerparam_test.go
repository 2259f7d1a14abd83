package offline

import "testing"

// contextWriterFiles answer through an app's own context type, not an
// http.ResponseWriter; one lookup's error is dropped.
var contextWriterFiles = map[string]string{
	"go.mod": "module example.com/reader\n",
	"main.go": `package main

import "errors"

type WebContext interface{ SendError(code int, msg string) }

type Bookmark struct{ Title string }

func find(id int) (*Bookmark, error) {
	if id > 10 {
		return nil, errors.New("no bookmark")
	}
	return &Bookmark{Title: "x"}, nil
}

func show(c WebContext, id int) string {
	if id < 0 {
		c.SendError(400, "bad id")
		return ""
	}
	b, _ := find(id)
	return b.Title //! use
}
`,
}

// TestDroppedErrorInAFunctionWithAContext: the fix block of a dropped
// error in a function that answers through a context of the app's does
// not say it has no way to answer, nor write http.Error with a w it does
// not have.
func TestDroppedErrorInAFunctionWithAContext(t *testing.T) {
	app := writeMarkedApp(t, contextWriterFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "show"))
	text := Analyze(r)
	mustLack(t, text, "no http.ResponseWriter here", "http.Error(w")
	mustHave(t, text, "answer through c as this function answers its other errors")
}

// reportParams is the start of the report apps below: a parse helper
// that fails on a missing "from".
const reportParams = `package main

import (
	"errors"
	"net/http"
)

type Params struct{ From string }

type Report struct{ From string }

func parseParams(r *http.Request) (*Params, error) {
	if r.FormValue("from") == "" {
		return nil, errors.New("missing from")
	}
	return &Params{From: r.FormValue("from")}, nil
}
`

// statusResultFiles load a report in a function that gives its caller a
// status with its error; one parse's error is dropped.
var statusResultFiles = map[string]string{
	"go.mod": "module example.com/reports\n",
	"main.go": reportParams + `
func loadReport(r *http.Request) (*Report, error, int) {
	if r.Method != http.MethodGet {
		return nil, errors.New("method"), http.StatusMethodNotAllowed
	}
	params, _ := parseParams(r)
	return &Report{From: params.From}, nil, http.StatusOK //! use
}
`,
}

// TestDroppedErrorInAFunctionThatReturnsAStatus: the fix block of a
// dropped error in a function that gives its caller a status says to
// return the error with a status as its other returns do, not to let the
// handler answer 500.
func TestDroppedErrorInAFunctionThatReturnsAStatus(t *testing.T) {
	app := writeMarkedApp(t, statusResultFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "loadReport"))
	text := Analyze(r)
	mustLack(t, text, "let the handler answer", "StatusInternalServerError")
	mustHave(t, text, "return the error with its status,", "as this function does at line 21: return nil, errors.New(\"method\"), http.StatusMethodNotAllowed")
}

// statusCalleeFiles load a report in a function that returns what a
// function of its package returns, a status among it; one parse's error
// is dropped before the call.
var statusCalleeFiles = map[string]string{
	"go.mod": "module example.com/reports\n",
	"main.go": reportParams + `
func loadReport(r *http.Request) (*Report, error, int) {
	params, _ := parseParams(r)
	return loadByParams(params) //! call
}

func loadByParams(params *Params) (*Report, error, int) {
	if params.From == "today" { //! use
		return nil, errors.New("too early"), http.StatusTooEarly
	}
	return &Report{From: params.From}, nil, http.StatusOK
}
`,
}

// TestDroppedErrorBeforeReturningACallWithAStatus: the fix block of an
// error dropped in a function that returns the results of a function
// giving a status cites that function's status return.
func TestDroppedErrorBeforeReturningACallWithAStatus(t *testing.T) {
	app := writeMarkedApp(t, statusCalleeFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "loadByParams"), app.frame(t, "call", "loadReport"))
	text := Analyze(r)
	mustLack(t, text, "let the handler answer", "StatusInternalServerError")
	mustHave(t, text, "return the error with its status,", "as loadByParams does at main.go:26: return nil, errors.New(\"too early\"), http.StatusTooEarly")
}

// tokenFiles reset a password in a function that drops the error of
// parsing the token the client sent.
var tokenFiles = map[string]string{
	"go.mod": "module example.com/reset\n",
	"main.go": `package main

import (
	"errors"
	"net/http"
)

type Claims struct{ User int }

func parseToken(token string) (*Claims, error) {
	if token == "" {
		return nil, errors.New("bad token")
	}
	return &Claims{User: 1}, nil
}

func reset(w http.ResponseWriter, r *http.Request) {
	claims, _ := parseToken(r.FormValue("token"))
	w.Write([]byte{byte(claims.User)}) //! use
}
`,
}

// TestDroppedParseErrorOfClientInputIsAClientError: the fix block of a
// dropped error of parsing what the client sent answers 400, not 500.
func TestDroppedParseErrorOfClientInputIsAClientError(t *testing.T) {
	app := writeMarkedApp(t, tokenFiles)
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "reset")))
	mustHave(t, text, "claims, err := parseToken(r.FormValue(\"token\"))", "http.StatusBadRequest")
	mustLack(t, text, "StatusInternalServerError")
}
