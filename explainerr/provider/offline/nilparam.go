package offline

import (
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A nil parameter was passed in by the caller, which usually got it from a
// store function that returned nil, nil two calls up: the caller's frame
// line holds the call, and the caller's window the assignment of the
// argument. followNilParameter takes those steps.

// followNilParameter explains where the caller got the nil value it passed
// for the parameter root of the failing function; sure says root is
// certainly the nil value (the line's only candidate). It reports whether
// it found the caller's argument.
func (a *analysis) followNilParameter(root string, sure bool) bool {
	caller := a.s.Caller
	src := a.app()
	if caller == nil || caller.Source == nil || src == nil {
		return false
	}
	name, recv := a.siteDecl()
	arg, isReceiver := "", recv != "" && src.receiverOf(name, recv) == root
	if isReceiver {
		// The method was called on a nil value: the caller's receiver
		// expression (u in u.DisplayName()) is what it passed.
		for _, call := range linefacts.Analyze(caller.Source).Calls {
			if call.Name == name && call.Receiver != "" {
				arg = strings.TrimSpace(call.Receiver)
				break
			}
		}
	} else {
		params, _ := src.params(name, recv)
		i := -1
		for j, p := range params {
			if p == root {
				i = j
			}
		}
		if i < 0 {
			return false
		}
		for _, call := range linefacts.Analyze(caller.Source).Calls {
			if call.Name == name && i < len(call.Args) {
				arg = strings.TrimSpace(call.Args[i])
				break
			}
		}
	}
	if arg == "" {
		return false
	}
	callerName := shortFunction(caller.Function)
	if isReceiver && a.embeddedReceiverSays(root, name, recv, arg, callerName, caller.File, caller.Line) {
		return true
	}
	callLine := strings.TrimSpace(caller.Source.LineText())
	passed := code(root) + " is a parameter of " + code(a.s.Function) + "; its caller " + code(callerName) + " passes " + code(arg) + " at " + code(a.fileLoc(caller.File, caller.Line)) + ": " + code(callLine) + "."
	if isReceiver {
		// The receiver is the nil one only when the line has no other
		// candidate: otherwise its caller's value is named, not judged.
		isNil := ", and " + code(arg) + " is " + code("nil")
		if !sure {
			isNil = ""
		}
		passed = code(root) + " is the receiver of " + code(a.s.Function) + "; its caller " + code(callerName) + " calls it on " + code(arg) + " at " + code(a.fileLoc(caller.File, caller.Line)) + ": " + code(callLine) + isNil + "."
	}
	if !isIdent(arg) {
		a.why(passed)
		if a.mapMissSays(caller, arg) {
			return true
		}
		if strings.Count(arg, ".") == 1 {
			if recv, typ := a.receiverAt(caller.File, caller.Line); recv == linefacts.RootIdent(arg) {
				a.fieldOriginSays(filepath.Dir(caller.File), typ, lastSelector(arg))
			}
		}
		return true
	}
	cs, ok := a.callerSite()
	if !ok {
		a.why(passed)
		return true
	}
	w, op, ok := cs.AssignmentOf(arg)
	if ok && a.conditionalAt(cs, w.Number) {
		a.why(passed) // assigned in a branch that may not have run: no source is named
		return true
	}
	if !ok {
		a.why(passed)
		if expr, at, ok := a.passedDown(caller, arg); ok {
			a.passedDownSays(arg, expr, at)
		}
		return true
	}
	from := code(arg) + " comes from " + code(loc(cs.File, w.Number)) + ": " + code(strings.TrimSpace(w.Text))
	fn := callName(op.RHS)
	var nils []sourceLine
	if fn != "" {
		nils = src.nilReturns(fn)
	}
	discards := len(op.LHS) > 1 && op.LHS[len(op.LHS)-1] == "_"
	a.fixedAtOrigin = true // each way on writes the fix in the caller or its callee
	a.g.Add("err", "Error", "StatusInternalServerError")
	if len(nils) == 0 && discards {
		// The caller dropped the error that says why the value is nil:
		// the fix is there, not in the method it called.
		a.why(passed+" "+from+", which discards the error: when "+code(op.RHS)+" fails, "+code(arg)+" is left "+code("nil")+" and is used unchecked.",
			passed+" "+from+", which discards the error.")
		var check []string
		a.atSite(cs, func() {
			check, _ = a.droppedErrorCheck(op.LHS, op.RHS)
		})
		a.fix(block("In "+code(callerName)+", check the error instead of discarding it:", check...),
			"In "+code(callerName)+", check the error of "+code(op.RHS)+" instead of discarding it with "+code("_")+".")
		return true
	}
	if len(nils) == 0 {
		a.why(passed + " " + from + ".")
		a.fix("Check " + code(arg+" == nil") + " in " + code(callerName) + " before passing it to " + code(name) + ", and handle the missing value there.")
		return true
	}
	at := nils[0]
	if discards {
		// The caller discards the error: whatever the callee returns
		// when it finds nothing, the caller does not look.
		a.why(passed+" "+from+", which discards the error, and "+code(fn)+" returns "+code("nil")+" with a "+code("nil")+" error at "+a.cite(at)+": the "+code("nil")+" value is passed on to "+code(name)+" unchecked.",
			passed+" "+from+", which discards the error.")
		a.fix("In "+code(callerName)+", check the error of "+code(op.RHS)+" and a "+code("nil")+" "+code(arg)+" before passing it on"+a.notFoundAnswer()+"; other callers of "+code(fn)+" may rely on its "+code("nil, nil")+".",
			"In "+code(callerName)+", check the error and a "+code("nil")+" "+code(arg)+" before passing it on.")
		return true
	}
	a.why(passed+" "+from+", and "+code(fn)+" returns "+code("nil")+" with a "+code("nil")+" error at "+a.cite(at)+": the caller's error check passes and the "+code("nil")+" value is passed on to "+code(name)+".",
		passed+" "+from+".")
	a.fix("Make "+code(fn)+" return an error (for example a not-found error) instead of "+code("nil, nil")+" at "+code(a.fileLoc(at.Path, at.Line))+", so that "+code(callerName)+" stops at its error check"+a.notFoundAnswer()+".",
		"Make "+code(fn)+" return a not-found error instead of "+code("nil, nil")+".")
	a.fix("Or keep " + code(fn) + "'s " + code("nil, nil") + " (other callers may rely on it) and, in " + code(callerName) + ", check " + code(arg+" == nil") + " after the error check, before passing it on" + a.notFoundAnswer() + ".")
	return true
}

// callerSite returns the site of the caller frame: its line and window.
func (a *analysis) callerSite() (site.Site, bool) {
	for i := range a.r.Frames {
		if &a.r.Frames[i] == a.s.Caller {
			s := siteFrom(a.r, i)
			if s.Frame != nil {
				s.Frame = a.fromFuncStart(s.Frame)
			}
			return s, s.Frame != nil
		}
	}
	return site.Site{}, false
}

// fromFuncStart returns fr, or a copy of it whose source window starts at
// its function's first line when the window starts below it: the caller
// that passed a nil value may have assigned it further up than the
// trace's few lines show.
func (a *analysis) fromFuncStart(fr *report.Frame) *report.Frame {
	src := a.app()
	if src == nil || src.mod == nil || fr.Source == nil {
		return fr
	}
	f, fd := src.mod.FuncAt(fr.File, fr.Line)
	if f == nil || fd == nil {
		return fr
	}
	start := src.mod.Fset.Position(fd.Pos()).Line
	lines := f.Lines()
	w := fr.Source
	if start >= w.StartLine || start < 1 || w.StartLine-1 > len(lines) {
		return fr
	}
	// The lines above the window, as the file has them, then the window.
	above := lines[start-1 : w.StartLine-1]
	wide := *fr
	wide.Source = &report.Source{StartLine: start, Line: w.Line, Lines: append(append([]string(nil), above...), w.Lines...)}
	return &wide
}

// atSite runs f with s as the failure's site, for snippets written for
// another frame (the caller that passed a nil value on): what the
// function there can answer and return is its own.
func (a *analysis) atSite(s site.Site, f func()) {
	saved := a.s
	a.s = s
	defer func() { a.s = saved }()
	f()
}

// isParameter reports whether name is a parameter of the failing function:
// by its signature in the frame's window, or, when the window starts
// below it, by the parsed declaration.
func (a *analysis) isParameter(name string) bool {
	if a.s.IsParameter(name) {
		return true
	}
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil || fd.Type.Params == nil {
		return false
	}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}
