package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// nilMapMsg is the runtime's message for a write to a nil map.
const nilMapMsg = "assignment to entry in nil map"

// TestNilMapReceiverHeldByTheCallersField: the nil map is the receiver
// of a method of a named map type; the caller called it on a field of its
// own receiver, which New leaves out: the map is to be made in New, and,
// the handler making a Form per request, no lock is advised.
func TestNilMapReceiverHeldByTheCallersField(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/signup\n\ngo 1.22\n",
		"form/form.go": `package form

import (
	"net/http"
	"net/url"
)

// Problems are the messages of the fields that failed.
type Problems map[string][]string

// Add records a message for field.
func (p Problems) Add(field, msg string) {
	p[field] = append(p[field], msg) //!write
}

// Form is a submitted form and its problems.
type Form struct {
	Values   url.Values
	Problems Problems
}

// New returns the form of values.
func New(v url.Values) *Form {
	return &Form{Values: v}
}

// Require notes an empty field.
func (f *Form) Require(field string) {
	if f.Values.Get(field) == "" {
		f.Problems.Add(field, "required") //!call
	}
}

// Signup checks a submitted sign-up form.
func Signup(w http.ResponseWriter, r *http.Request) {
	f := New(r.PostForm)
	f.Require("email") //!handler
	w.WriteHeader(http.StatusNoContent)
}
`})
	write, call, handler := app.frame(t, "write", "form.Problems.Add"), app.frame(t, "call", "form.(*Form).Require"), app.frame(t, "handler", "form.Signup")
	text := Analyze(panicReport("runtime.plainError", nilMapMsg, write, call, handler))
	mustHave(t, text, "calls it on `f.Problems`", "where the `Form` is built, in `New`")
	// Each request makes its own Form: no lock is advised.
	mustLack(t, text, "where the value holding it is built", "sync.Mutex")
}

// TestNilMapWrittenByAMethodOfItsType: a library method of a map type
// (http.Header's Set) writes to a field of the receiver that NewReply
// leaves out: the map is named, and made where the Reply is built; another
// package's type setting a field of the same unexported name does not
// count as setting it. The handler makes the Reply at the head of a
// method chain, for each request, so no lock is advised.
func TestNilMapWrittenByAMethodOfItsType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/reply\n\ngo 1.22\n",
		"reply/reply.go": `package reply

import (
	"net/http"
	"strings"
)

// Reply is a response being built.
type Reply struct {
	header http.Header
	code   int
}

// NewReply starts a reply with a status code.
func NewReply(code int) *Reply {
	return &Reply{code: code}
}

// With adds a header.
func (r *Reply) With(k, v string) *Reply {
	r.header.Set(k, v) //!set
	return r
}

// Text joins words; its strings.Builder is no Builder of the app.
func Text(words []string) string {
	b := &strings.Builder{}
	for _, w := range words {
		b.WriteString(w)
	}
	return b.String()
}

// Builder is the app's own type of that name.
type Builder struct{ parts map[string]string }

// Send answers with a reply made for this request.
func Send(w http.ResponseWriter, r *http.Request) {
	NewReply(http.StatusOK).
		With("Content-Type", "text/plain") //!send
	w.WriteHeader(http.StatusOK)
}
`,
		"client/client.go": `package client

import "net/http"

// Call is an outgoing request; its header field has the same name.
type Call struct{ header http.Header }

// NewCall starts a call.
func NewCall() *Call {
	return &Call{header: make(http.Header)}
}
`})
	frames := []report.Frame{libFrame(report.FrameStdlib, "net/http.Header.Set", "/usr/local/go/src/net/http/header.go", 40), app.frame(t, "set", "reply.(*Reply).With"), app.frame(t, "send", "reply.Send")}
	text := Analyze(panicReport("runtime.plainError", nilMapMsg, frames...))
	mustHave(t, text, "The map is `r.header`", "where the `Reply` is built, in `NewReply`")
	// The reply is made for each request, at the head of the chain: no
	// lock is advised.
	mustLack(t, text, "sync.Mutex")
}

// TestNilMapOfALowerCaseMapType: the runtime names a value receiver
// pkg.T.M; a lower-case map type of the package (errors) is its
// receiver, and the caller's field is followed to New.
func TestNilMapOfALowerCaseMapType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/signup\n\ngo 1.22\n",
		"forms/errors.go": `package forms

type errors map[string][]string

// Add adds an error message for a given form field
func (e errors) Add(field, message string) {
	e[field] = append(e[field], message) //!write
}
`,
		"forms/forms.go": `package forms

import "net/url"

type Form struct {
	url.Values
	Errors errors
}

func New(data url.Values) *Form {
	return &Form{
		Values: data,
	}
}

func (f *Form) IsEmail(field string) {
	if f.Get(field) == "" {
		f.Errors.Add(field, "Invalid email address") //!call
	}
}
`})
	w, c := app.frame(t, "write", "x"), app.frame(t, "call", "y")
	w.Function = "example.com/signup/forms.errors.Add"
	c.Function = "example.com/signup/forms.(*Form).IsEmail"
	text := Analyze(panicReport("runtime.plainError", nilMapMsg, w, c))
	mustHave(t, text, "calls it on `f.Errors`", "where the `Form` is built, in `New`")
}

// TestNilMapBuildersAreTheAppsType: a strings.Builder literal is no place
// where the app's own Builder is built.
func TestNilMapBuildersAreTheAppsType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/page\n\ngo 1.22\n",
		"page/page.go": `package page

import (
	"net/http"
	"strings"
)

// Builder builds a page.
type Builder struct{ header http.Header }

// NewBuilder starts a page.
func NewBuilder() *Builder {
	return &Builder{}
}

// Join joins words.
func Join(words []string) string {
	b := &strings.Builder{}
	for _, w := range words {
		b.WriteString(w)
	}
	return b.String()
}

// With adds a header.
func (b *Builder) With(k, v string) *Builder {
	b.header.Set(k, v) //!set
	return b
}
`})
	frames := []report.Frame{libFrame(report.FrameStdlib, "net/http.Header.Set", "/usr/local/go/src/net/http/header.go", 40), app.frame(t, "set", "page.(*Builder).With")}
	text := Analyze(panicReport("runtime.plainError", nilMapMsg, frames...))
	mustHave(t, text, "where the `Builder` is built, in `NewBuilder`")
	mustLack(t, text, "`Join`", "strings.Builder{}")
}
