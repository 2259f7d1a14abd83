package offline

import (
	"regexp"
	"strings"
)

// A store's not-found error is often an error of the app's own type or
// one made by a library (errors.NotFoundErr(…)), mapped to 404 by the
// function that answers errors. When a layer between them formats it
// with %v, the message still reads "… not found" but the error is a new
// one: the mapping no longer recognises it, and the request is answered
// with 500. The fix is the wrap, not a new sentinel.

// messageWrap returns the text-only wrap (textWraps) whose format gives
// msg, when exactly one does and what it wraps is a variable (an error
// a call returned), not a sentinel: findLostSentinel reads those.
func (a *analysis) messageWrap(msg string) (textWrap, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return textWrap{}, false
	}
	var found []textWrap
	for _, w := range src.textWraps() {
		if formatMatches(w.Format, msg) && !strings.HasPrefix(w.Arg, "Err") {
			found = append(found, w)
		}
	}
	if len(found) != 1 {
		return textWrap{}, false
	}
	return found[0], true
}

// errorTestRe matches code that tests an error: errors.Is or errors.As,
// a type switch, or a call that maps an error to a status.
var errorTestRe = regexp.MustCompile(`\berrors\.(?:Is|As)\(|\.\(type\)|\b\w*Status\w*\(\s*err\b`)

// errorPathTests reports whether a function of the report's app frames
// tests the error it answers (errorTestRe).
func (a *analysis) errorPathTests() bool {
	src := a.app()
	if src == nil {
		return false
	}
	for _, fr := range a.appFrames(maxSentinelFrames) {
		f, fd := src.funcAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if lines := f.text(); start >= 1 && end <= len(lines) && errorTestRe.MatchString(strings.Join(lines[start-1:end], "\n")) {
			return true
		}
	}
	return false
}

// lostWrap explains a not-found error that a %v wrap made a new error
// of; it reports whether it did.
func (a *analysis) lostWrap(msg string) bool {
	w, ok := a.messageWrap(msg)
	if !ok {
		return false
	}
	verb := w.Verb
	if !strings.HasPrefix(verb, "%") {
		verb = "%" + verb
	}
	a.headline("A missing record answered as a server error")
	a.why("The error says " + code(shorten(msg, 120)) + ": the request named something that does not exist, the client's 404. Its message is made at " + a.cite(w.Line) + " with " + code(verb) + ", which keeps the text of " + code(w.Arg) + " but not the error itself: a test of it further out (" + code("errors.Is") + ", " + code("errors.As") + ", a type switch, a function that maps the app's errors to statuses) no longer matches it, and it is answered as a 500.")
	fixed := w.Format
	if i := strings.LastIndex(fixed, verb); i >= 0 {
		fixed = fixed[:i] + "%w" + fixed[i+len(verb):]
	}
	if call := strings.TrimSpace(w.Line.Text); fixed != w.Format && strings.Contains(call, w.Format) && strings.Count(w.Format, verb) == 1 {
		a.fix(block("Wrap it with "+code("%w")+" at "+code(a.fileLoc(w.Line.Path, w.Line.Line))+", so the error it carries is still recognised:", strings.Replace(call, w.Format, fixed, 1)))
	} else {
		a.fix("Wrap " + code(w.Arg) + " with " + code("%w") + " at " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", so the error it carries is still recognised.")
	}
	if !a.errorPathTests() {
		a.fix("Then answer that not-found error with 404 Not Found where the error is answered: nothing on the error's path tests it yet.")
	}
	a.fix("Keep 500 for the other errors: those are real failures.")
	return true
}
