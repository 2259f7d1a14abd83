package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// explainUsedBeforeChecked explains a nil value read before the error of
// the call that made it is tested: root, err = f(…) a line or more above
// the failing line, which reads root, with nothing between that names
// err. The fix checks the error right after the call. It reports whether
// it did.
func (a *analysis) explainUsedBeforeChecked(root string, w site.WindowLine, op linefacts.AssignOp) bool {
	if len(op.LHS) < 2 || a.s.Frame == nil || w.Number >= a.s.Line {
		return false
	}
	errVar := op.LHS[len(op.LHS)-1]
	if !isIdent(errVar) || errVar == "_" || !strings.HasSuffix(strings.ToLower(errVar), "err") {
		return false
	}
	src := a.app()
	if src == nil {
		return false
	}
	f := src.byPath[a.s.Frame.File]
	if f == nil {
		return false
	}
	lines := f.text()
	if a.s.Line > len(lines) {
		return false
	}
	for n := w.Number + 1; n < a.s.Line; n++ {
		if containsWord(lines[n-1], errVar) {
			return false // tested (or handed on) before the use
		}
	}
	later, laterAt := "", 0
	for n := a.s.Line + 1; n <= len(lines) && n <= a.s.Line+maxLaterCheck; n++ {
		if t := strings.TrimSpace(lines[n-1]); strings.HasPrefix(t, "if ") && containsWord(t, errVar) {
			later, laterAt = t, n
			break
		}
	}
	a.g.Add(errVar, root)
	why := code(root) + " comes from " + quoteLine(a.siteLine(w)) + ", and its error, " + code(errVar) + ", is not tested before " + code(root) + " is read on this line"
	if later != "" {
		a.g.Add(later)
		why += "; it is tested only after it, at " + code(a.fileLoc(a.s.Frame.File, laterAt)) + ": " + code(later)
	}
	a.why(why + ": when the call fails, " + code(root) + " is " + code("nil") + " here.")
	if later != "" {
		// The function's own test, in the wrong place: moved up, it
		// answers the failure as the function means to.
		a.fix("Move the test at " + code(a.fileLoc(a.s.Frame.File, laterAt)) + " up, right after the call at " + code(a.fileLoc(a.s.Frame.File, w.Number)) + ", before " + code(root) + " is read.")
	} else {
		check := append([]string{strings.TrimSpace(a.siteLine(w).Text)}, a.answerDropped("if "+errVar+" != nil {", "\thttp.Error(w, "+errVar+".Error(), "+a.discardStatus(op.RHS)+")")...)
		a.fix(block("Test the error right after the call, before "+code(root)+" is read:", check...),
			"Test "+code(errVar)+" right after the call, before "+code(root)+" is read.")
	}
	a.fixedAtOrigin = true
	return true
}

// maxLaterCheck bounds how far below the failing line a later test of the
// error is looked for.
const maxLaterCheck = 12

// containsWord reports whether name occurs in line as a whole word.
func containsWord(line, name string) bool {
	return compiled(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(line)
}
