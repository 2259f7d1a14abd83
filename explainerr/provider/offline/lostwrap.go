package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
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
	// A log record of several lines ("Error Trace:\n- file:line\n- the
	// message") carries the message on one of them.
	msgs := []string{msg}
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- ")); l != "" && l != msg {
			msgs = append(msgs, l)
		}
	}
	// A wrap further in than the message's start: the message's
	// endings after each ": " or "because" (a log's prefix, an outer
	// wrap).
	for _, m := range msgs[:len(msgs):len(msgs)] {
		msgs = append(msgs, failureclass.ChainTails(m)...)
	}
	var found []textWrap
	for _, w := range src.textWraps() {
		if strings.HasPrefix(w.Arg, "Err") {
			continue
		}
		for _, m := range msgs {
			if formatMatches(w.Format, m) || formatEndsMessage(w.Format, m) {
				found = append(found, w)
				break
			}
		}
	}
	if len(found) == 0 {
		found = src.sentinelWraps(msgs)
	}
	if len(found) != 1 {
		return textWrap{}, false
	}
	return found[0], true
}

// formatEndsMessage reports whether the format literal gives the end of
// msg, from a place where its own first words start: a logger that joins
// its arguments without a separator (zap's sugared Error(msg, "error",
// err): "failed to loaderrorlast action on 1: not found") leaves no ": "
// before the error's text.
func formatEndsMessage(literal, msg string) bool {
	format, err := strconv.Unquote(literal)
	if err != nil {
		return false
	}
	lead := format
	if loc := fmtVerb.FindStringIndex(format); loc != nil {
		lead = format[:loc[0]]
	}
	if len(strings.TrimSpace(lead)) < minFormatText {
		return false
	}
	for from := 1; from < len(msg); {
		i := strings.Index(msg[from:], lead)
		if i < 0 {
			return false
		}
		if formatMatches(literal, msg[from+i:]) {
			return true
		}
		from += i + 1
	}
	return false
}

// sentinelTest returns a line of the module, outside tests, that tests an
// error with errors.Is against a sentinel whose text ends msg.
func (s *appSource) sentinelTest(msg string) (sourceLine, bool) {
	for name, text := range s.mod.Sentinels() {
		if text == "" || !strings.HasSuffix(msg, text) {
			continue
		}
		test := compiled(`\berrors\.Is\([^,]+,\s*(?:\w+\.)?` + regexp.QuoteMeta(name) + `\)`)
		for _, f := range s.files {
			if strings.HasSuffix(f.path, "_test.go") {
				continue
			}
			for i, l := range f.text() {
				if test.MatchString(l) {
					return sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(l)}, true
				}
			}
		}
	}
	return sourceLine{}, false
}

// testedSentinelName finds the sentinel a line tests: errors.Is(err,
// db.ErrX), err == ErrX.
var testedSentinelName = regexp.MustCompile(`\berrors\.Is\([^,]+,\s*(?:\w+\.)?(\w+)\)|[=!]=\s*(?:\w+\.)?(Err\w*)`)

// testsOtherSentinel reports whether line tests one of the module's
// sentinels whose text msg does not hold.
func (s *appSource) testsOtherSentinel(line, msg string) bool {
	_, text := s.sentinelTestedBy(line)
	return msg != "" && text != "" && !strings.Contains(msg, text)
}

// sentinelTestedBy returns the module sentinel a line tests
// (testedSentinelName) and its text; "" for the text when the line
// tests none of the module's.
func (s *appSource) sentinelTestedBy(line string) (name, text string) {
	m := testedSentinelName.FindStringSubmatch(line)
	if m == nil {
		return "", ""
	}
	name = m[1] + m[2]
	return name, s.mod.Sentinels()[name]
}

// reachedSentinelTest returns the first line of a function of reach,
// what the request reached (its route's handler first), that tests one
// of the module's sentinels whose text msg holds: the test on the
// error's own way out, before one in another caller of the function
// that made it.
func (s *appSource) reachedSentinelTest(reach []appsource.FuncRef, msg string) (sourceLine, bool) {
	if s == nil || s.mod == nil || msg == "" {
		return sourceLine{}, false
	}
	for _, ref := range reach {
		if strings.HasSuffix(ref.File.Path, "_test.go") {
			continue
		}
		if l, ok := s.firstLineWhere(ref, func(line string) bool {
			_, text := s.sentinelTestedBy(line)
			return text != "" && strings.Contains(msg, text)
		}); ok {
			return l, true
		}
	}
	return sourceLine{}, false
}

// firstLineWhere returns the first line of the function fn that match
// accepts.
func (s *appSource) firstLineWhere(fn appsource.FuncRef, match func(string) bool) (sourceLine, bool) {
	af := s.viewOf(fn.File)
	lines := af.text()
	start, end := s.fset.Position(fn.Decl.Pos()).Line, s.fset.Position(fn.Decl.End()).Line
	for i := max(start, 1); i <= end && i <= len(lines); i++ {
		if match(lines[i-1]) {
			return sourceLine{Path: af.path, Line: i, Text: strings.TrimSpace(lines[i-1]), Func: funcName(fn.Decl)}, true
		}
	}
	return sourceLine{}, false
}

// maxCallerDepth is how many calls out from the function that wraps an
// error callerErrorTest looks for a test of it.
const maxCallerDepth = 3

// callerErrorTest returns the first line that tests an error
// (errorTestRe) in the module functions that call the function holding
// at, up to maxCallerDepth calls out: where the error the function
// returns is looked at.
func (s *appSource) callerErrorTest(at sourceLine, msg string) (sourceLine, bool) {
	if s == nil || s.mod == nil {
		return sourceLine{}, false
	}
	f, fd := s.mod.FuncAt(at.Path, at.Line)
	if fd == nil {
		return sourceLine{}, false
	}
	seen := map[*ast.FuncDecl]bool{fd: true}
	level := []appsource.FuncRef{{File: f, Decl: fd}}
	for depth := 0; depth < maxCallerDepth && len(level) > 0; depth++ {
		var next []appsource.FuncRef
		for _, fn := range level {
			for _, c := range s.mod.CallersOf(fn) {
				if seen[c.Decl] || c.Decl.Body == nil || strings.HasSuffix(c.File.Path, "_test.go") {
					continue
				}
				seen[c.Decl] = true
				if l, ok := s.errorTestIn(c, msg); ok {
					return l, true
				}
				next = append(next, c)
			}
		}
		level = next
	}
	return sourceLine{}, false
}

// errorTestIn returns the first line of a function that tests an error,
// but a test of one of the module's sentinels whose text the failure's
// message msg does not hold (another error the function meets).
func (s *appSource) errorTestIn(fn appsource.FuncRef, msg string) (sourceLine, bool) {
	return s.firstLineWhere(fn, func(line string) bool {
		return errorTestRe.MatchString(line) && !s.testsOtherSentinel(line, msg)
	})
}

// minSentinelWrapText is how much text of its own a wrap's format needs
// when the message it makes ends with a sentinel's text: the sentinel
// ties the two.
const minSentinelWrapText = 4

// sentinelWraps returns the text-only wraps whose format, short as it may
// be ("user %s: %v"), gives one of msgs whose ending is the text of one
// of the module's sentinels (user not found): the wrapped error was that
// sentinel, made a new error by the wrap.
func (s *appSource) sentinelWraps(msgs []string) []textWrap {
	var out []textWrap
	for _, m := range msgs {
		if !s.mod.EndsWithSentinel(m) {
			continue
		}
		for _, w := range s.textWraps() {
			if formatMatchesMin(w.Format, m, minSentinelWrapText) {
				out = append(out, w)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return out
}

// errorTestRe matches code that tests an error: errors.Is, errors.As or
// a cause's comparison, a type switch, a comparison with a sentinel, a
// call that maps an error to a status, or a predicate of a package
// (ent.IsNotFound(err)).
var errorTestRe = regexp.MustCompile(`\berrors\.(?:Is|As|Cause)\(|\.\(type\)|\b\w*Status\w*\(\s*err\b|[=!]=\s*(?:\w+\.)?Err[A-Z]\w*|\b(?:\w+\.)?Is[A-Z]\w*\(\s*err\b`)

// errorPathTests reports whether a function of the report's app frames,
// or a module function one of them hands the error to, tests the error it
// answers (errorTestRe).
func (a *analysis) errorPathTests() bool {
	src := a.app()
	if src == nil {
		return false
	}
	tests := func(f *appFile, fd *ast.FuncDecl) bool {
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		lines := f.text()
		return start >= 1 && end <= len(lines) && errorTestRe.MatchString(strings.Join(lines[start-1:end], "\n"))
	}
	for _, fr := range a.appFrames(maxSentinelFrames) {
		f, fd := src.funcAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		if tests(f, fd) {
			return true
		}
		// A module function the frame hands the error to may test it
		// (code := app.ErrorCode(err), whose errors.As reads its type).
		found := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			for _, arg := range call.Args {
				if id, ok := arg.(*ast.Ident); ok && id.Name == "err" {
					for _, d := range src.funcs(calleeName(call.Fun), "") {
						if d.fd.Body != nil && tests(d.f, d.fd) {
							found = true
						}
					}
				}
			}
			return !found
		})
		if found {
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
	verb := "%" + w.Verb
	a.headline("A missing record answered as a server error")
	a.why("The error says " + code(shorten(msg, 120)) + ": the request named something that does not exist, the client's error (a 4xx), not a server failure. Its message is made at " + a.cite(w.Line) + " with " + code(verb) + ", which keeps the text of " + code(w.Arg) + " but not the error itself: a test of it further out (" + code("errors.Is") + ", " + code("errors.As") + ", a type switch, a function that maps the app's errors to statuses) no longer matches it, and it is answered as a 500.")
	if cause, wrap, ok := a.ownCauseTest(); ok {
		// The test unwraps the app's own error type only: %w would not
		// reach it; the app's own wrapper does.
		a.g.Add(wrap.Func, wrap.Text, w.Arg)
		a.g.AddScanned(a.fileLoc(wrap.Path, wrap.Line))
		a.why("The test further out is " + a.cite(cause) + ", which reads the cause of the app's own error type only, not an error wrapped with " + code("%w") + ".")
		a.fix("At " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", wrap " + code(w.Arg) + " with the app's own " + code(wrap.Func) + " (" + code(a.fileLoc(wrap.Path, wrap.Line)) + ") instead of " + code("fmt.Errorf") + ", so that its cause is still the not-found error.")
		a.fix("Keep 500 for the other errors: those are real failures.")
		return true
	}
	if am, ok := a.assertingMapper(w); ok {
		a.explainAssertingMapper(w, am)
		a.fix("Keep 500 for the other errors: those are real failures.")
		return true
	}
	a.fixWrapVerb(w)
	// The test the wrap defeats: the request's own path's test of the
	// sentinel the message ends with, else the module's (a handler the
	// stack does not show), else a caller's test of the error it gets.
	src, where := a.app(), "The error's way out tests it at "
	l, ok := src.reachedSentinelTest(a.reached(), msg)
	if !ok {
		if l, ok = src.sentinelTest(msg); ok {
			where = "The module tests that error at "
		} else {
			l, ok = src.callerErrorTest(w.Line, a.f.Message)
		}
	}
	if ok {
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		a.why(where + a.cite(l) + ", which the wrap keeps from matching.")
	} else if !a.errorPathTests() {
		a.fix("Then answer that not-found error with 404 Not Found where the error is answered: nothing on the error's path tests it yet.")
	}
	a.fix("Keep 500 for the other errors: those are real failures.")
	return true
}

// fixWrapVerb advises wrapping with %w at the wrap w, which formats its
// error with another verb: the line rewritten when its format is written
// there with that verb once.
func (a *analysis) fixWrapVerb(w textWrap) {
	verb := "%" + w.Verb
	fixed := w.Format
	if i := strings.LastIndex(fixed, verb); i >= 0 {
		fixed = fixed[:i] + "%w" + fixed[i+len(verb):]
	}
	if call := strings.TrimSpace(w.Line.Text); fixed != w.Format && strings.Contains(call, w.Format) && strings.Count(w.Format, verb) == 1 {
		a.fix(block("Wrap it with "+code("%w")+" at "+code(a.fileLoc(w.Line.Path, w.Line.Line))+", so the error it carries is still recognised:", strings.Replace(call, w.Format, fixed, 1)))
	} else {
		a.fix("Wrap " + code(w.Arg) + " with " + code("%w") + " at " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", so the error it carries is still recognised.")
	}
}

// causeCallRe finds a call of a package's Cause function on an error.
var causeCallRe = regexp.MustCompile(`\b(\w+)\.Cause\(\s*err\b`)

// ownCauseTest returns, when a function of the report's app frames tests
// its error through a Cause function of the module that unwraps only the
// module's own error type (no Unwrap, errors.Is or errors.As in it), the
// line of that test and the module's wrapping function of the same
// package (Wrap), which that Cause reads.
func (a *analysis) ownCauseTest() (test, wrap sourceLine, ok bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, sourceLine{}, false
	}
	for _, fr := range a.appFrames(maxSentinelFrames) {
		f, fd := src.funcAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		lines := f.text()
		if start < 1 || end > len(lines) {
			continue
		}
		for i := start; i <= end; i++ {
			if !causeCallRe.MatchString(lines[i-1]) {
				continue
			}
			var cause, wrapper []sourceLine
			for _, d := range src.funcs("Cause", "") {
				text := strings.Join(d.f.text()[src.fset.Position(d.fd.Pos()).Line-1:src.fset.Position(d.fd.End()).Line], "\n")
				if strings.Contains(text, "Unwrap") || strings.Contains(text, "errors.Is") || strings.Contains(text, "errors.As") {
					continue
				}
				cause = append(cause, src.lineAt(d.f, d.fd.Pos(), funcName(d.fd)))
				for _, w := range src.funcs("Wrap", "") {
					if filepath.Dir(w.f.path) == filepath.Dir(d.f.path) {
						wrapper = append(wrapper, src.lineAt(w.f, w.fd.Pos(), funcName(w.fd)))
					}
				}
			}
			if len(cause) == 1 && len(wrapper) == 1 {
				return sourceLine{Path: f.path, Line: i, Text: strings.TrimSpace(lines[i-1]), Func: funcName(fd)}, wrapper[0], true
			}
		}
	}
	return sourceLine{}, sourceLine{}, false
}
