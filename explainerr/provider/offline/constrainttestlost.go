package offline

// A handler that already recognises the database's constraint error
// (errors.As to the driver's error type and a test of its code) answers a
// duplicate itself; when a layer between wraps the error with %v, the
// test no longer finds the driver's error and the duplicate is answered
// as a server failure. Advising to recognise the error would repeat what
// the code has: the fix is the wrap.

// constraintTestLost explains a constraint error whose message a wrap
// with a verb other than %w made (messageWrap), when a caller of that wrap
// tests the error it gets (callerErrorTest); it reports whether it did.
func (a *analysis) constraintTestLost() bool {
	w, ok := a.messageWrap(a.r.Error.Message)
	if !ok || w.Verb == "w" {
		return false
	}
	l, ok := a.app().callerErrorTest(w.Line, a.f.Message)
	if !ok {
		return false
	}
	a.g.AddScanned(a.fileLoc(l.Path, l.Line))
	a.why("The app already tests for this error on its way out, at " + a.cite(l) + ", to answer it itself. But the error it gets was made at " + a.cite(w.Line) + " with " + code("%"+w.Verb) + ", which keeps the text of " + code(w.Arg) + " and not the error: that test no longer finds the driver's error inside it, and the duplicate is answered as a server failure.")
	a.fixWrapVerb(w)
	return true
}
