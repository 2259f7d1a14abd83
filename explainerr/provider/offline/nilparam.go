package offline

import "strings"

// A nil parameter was passed in by the caller, which usually got it from a
// store function that returned nil, nil two calls up: the caller's frame
// line holds the call, and the caller's window the assignment of the
// argument. followNilParameter takes those steps.

// followNilParameter explains where the caller got the nil value it passed
// for the parameter root of the failing function. It reports whether it
// found the caller's argument.
func (a *analysis) followNilParameter(root string) bool {
	caller := a.s.Caller
	src := a.app()
	if caller == nil || caller.Source == nil || src == nil {
		return false
	}
	name, recv := a.siteDecl()
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
	arg := ""
	for _, call := range analyzeLine(caller.Source).Calls {
		if call.Name == name && i < len(call.Args) {
			arg = strings.TrimSpace(call.Args[i])
			break
		}
	}
	if arg == "" {
		return false
	}
	callerName := shortFunction(caller.Function)
	callLine := strings.TrimSpace(caller.Source.LineText())
	passed := code(root) + " is a parameter of " + code(a.s.Function) + "; its caller " + code(callerName) + " passes " + code(arg) + " at " + code(a.fileLoc(caller.File, caller.Line)) + ": " + code(callLine) + "."
	if !isIdent(arg) {
		a.why(passed)
		return true
	}
	cs, ok := a.callerSite()
	if !ok {
		a.why(passed)
		return true
	}
	w, op, ok := cs.assignmentOf(arg)
	if !ok {
		a.why(passed)
		return true
	}
	from := code(arg) + " comes from " + code(loc(cs.File, w.Number)) + ": " + code(strings.TrimSpace(w.Text))
	fn := callName(op.RHS)
	var nils []sourceLine
	if fn != "" {
		nils = src.nilReturns(fn)
	}
	if len(nils) == 0 {
		a.why(passed + " " + from + ".")
		a.fix("Check " + code(arg+" == nil") + " in " + code(callerName) + " before passing it to " + code(name) + ", and handle the missing value there.")
		return true
	}
	at := nils[0]
	if len(op.LHS) > 1 && op.LHS[len(op.LHS)-1] == "_" {
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
	return true
}

// callerSite returns the site of the caller frame: its line and window.
func (a *analysis) callerSite() (site, bool) {
	for i := range a.r.Frames {
		if &a.r.Frames[i] == a.s.Caller {
			s := siteFrom(a.r, i)
			return s, s.Frame != nil
		}
	}
	return site{}, false
}
