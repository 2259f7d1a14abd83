package site

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Site is where the failure shows in the app's code: the innermost app
// frame, its failing line and what that line does.
type Site struct {
	Frame *report.Frame
	// File names the frame's file and Function the frame's function as
	// the explanation writes them; From leaves both to its caller.
	File, Function string
	// Line is the frame's line.
	Line int
	// Text is the failing line, trimmed; "" when the source is unknown.
	Text string
	// Facts are what the failing line does.
	Facts linefacts.Facts
	// Raiser is the library function the failing line called and in which
	// the failure was raised: the outermost frame inside the failing app
	// frame that is not the panic machinery; nil when the failure was
	// raised in the app's own code.
	Raiser *report.Frame
	// Caller is the next app frame outward, if any.
	Caller *report.Frame
	// Helper is the app's central error-reporting function (one that
	// takes an error, such as Error(w, r, err)) that wrote the status
	// when the site is its caller; nil otherwise.
	Helper *report.Frame
	// Returned is true when the frame is an error-returning handler that
	// had already returned: its line is the handler's declaration, and the
	// error came from a statement in the body below it.
	Returned bool
	// Messages are the error's messages (its chain, innermost first, then
	// its own), used to pick the statement that produced the error.
	Messages []string
	// Method is the failing request's HTTP method ("" when unknown).
	Method string
	// MethodCaseOf, when set, tells from the parsed source whether line n
	// of the failing function is in a case of a switch on the request
	// method (ok), and whether that case names Method (this): the window
	// may start below the case's labels.
	MethodCaseOf func(n int) (this, ok bool)
}

// From locates the failure in r's frames from the frame at index start
// outward (0 for the whole stack). File and Function are left empty.
func From(r *report.Report, start int) Site {
	s := Site{Messages: failureclass.Messages(r.Error), Method: r.Request.Method}
	for i := start; i < len(r.Frames); i++ {
		f := &r.Frames[i]
		if f.Kind == report.FrameApp {
			if s.Frame == nil {
				s.Frame = f
			} else {
				s.Caller = f
				break
			}
			continue
		}
		if s.Frame == nil && f.Kind != report.FrameRuntime && !strings.HasPrefix(f.Function, "runtime.") {
			s.Raiser = f // the outermost one wins: the function the app called
		}
	}
	if s.Frame == nil || r.Error.Kind == report.KindStatus || r.Error.Kind == report.KindError {
		// A status is written, and an error returned, on purpose: no
		// library function raised them.
		s.Raiser = nil
	}
	if s.Frame == nil {
		return s
	}
	s.Line = s.Frame.Line
	s.Text = strings.TrimSpace(s.Frame.Source.LineText())
	s.Facts = linefacts.Analyze(s.Frame.Source)
	s.Returned = r.Error.Kind == report.KindError && DeclaresFunc(s.Text)
	return s
}

// funcLiteralLine matches a line that declares a function or starts a
// function literal.
var funcLiteralLine = regexp.MustCompile(`(?:^func\b|\bfunc\s*\().*\{\s*$`)

// DeclaresFunc reports whether line declares a function or starts a
// function literal, opening its body.
func DeclaresFunc(line string) bool { return funcLiteralLine.MatchString(line) }
