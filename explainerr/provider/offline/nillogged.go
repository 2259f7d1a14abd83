package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Store functions that return a bare value often meet an error, log it
// and return nil ("if err != nil { log.Print(err); return nil }"). The nil
// the caller then dereferences is not the fault: the logged error is,
// and the request's log holds it. When the nil return found is such a
// branch and the request logged an error, that error is analysed as the
// cause, and its fix comes before any check of the nil.

// reErrBranch matches the test of an error that opens a branch.
var reErrBranch = regexp.MustCompile(`\bif\b.*\berr\w*\s*!=\s*nil\b`)

// reLogsErr matches a line that logs an error: a logger's call given the
// error ("log.Print(err)", "s.log.Printf("…: %v", err)").
var reLogsErr = regexp.MustCompile(`(?i)\b(?:log\w*|lg|slog|zap|zerolog|logrus)\b[\w.]*\.\w+\(.*\berr\w*\b`)

// causePass is passFor, for a pass that analyses a cause it found: set at
// init, as the passes' table refers back to the passes that call it.
var causePass func(Class) *pass

func init() { causePass = passFor }

// loggedBeforeNil returns the line that logs an error in the error branch
// of nilAt (the `return nil` found), within the few lines before it, and
// the request's log line it wrote: the one that names its file and line
// (a logger that adds its caller's), else the last that reports an error
// or a failure the analyzer knows. ok is false when either is missing.
func (a *analysis) loggedBeforeNil(nilAt sourceLine) (logCall sourceLine, logged string, ok bool) {
	for n := nilAt.Line - 1; n >= 1 && n >= nilAt.Line-4; n-- {
		text := a.appLineText(nilAt.Path, n)
		if reLogsErr.MatchString(text) && logCall.Line == 0 {
			logCall = sourceLine{Path: nilAt.Path, Line: n, Text: strings.TrimSpace(text), Func: nilAt.Func}
			continue
		}
		if reErrBranch.MatchString(text) {
			break
		}
		if n == nilAt.Line-4 {
			return sourceLine{}, "", false
		}
	}
	if logCall.Line == 0 {
		return sourceLine{}, "", false
	}
	at := filepath.Base(logCall.Path) + ":" + strconv.Itoa(logCall.Line) + ":"
	var fallback string
	for i := len(a.r.Logs) - 1; i >= 0; i-- {
		text := failureclass.LogText(a.r.Logs[i].Text)
		if strings.Contains(a.r.Logs[i].Text, at) {
			return logCall, text, true
		}
		if fallback == "" && (failureclass.LooksLikeError(text) || failureclass.Recognised(failureclass.LogMessage(text))) {
			fallback = text
		}
	}
	return logCall, fallback, fallback != ""
}

// loggedNilsFirst orders nil returns so that those in a function the
// request's log lines name come first: of several functions of one name
// (an interface's implementations), the one the log shows ran.
func (a *analysis) loggedNilsFirst(nils []sourceLine) []sourceLine {
	return loggedFirstBy(a, nils, func(l sourceLine) *ast.FuncDecl {
		_, fd := a.app().mod.FuncAt(l.Path, l.Line)
		return fd
	})
}

// loggedFirstBy orders items, stably, so that those in a function the
// request's log lines name (decl gives an item's function) come first.
func loggedFirstBy[T any](a *analysis, items []T, decl func(T) *ast.FuncDecl) []T {
	src := a.app()
	if len(items) < 2 || src == nil || src.mod == nil {
		return items
	}
	if a.loggedDecls == nil {
		a.loggedDecls = map[*ast.FuncDecl]bool{}
		for _, ref := range src.mod.LoggedFuncs(a.r) {
			a.loggedDecls[ref.Decl] = true
		}
	}
	in := func(x T) bool { fd := decl(x); return fd != nil && a.loggedDecls[fd] }
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(x, y T) int {
		switch ix, iy := in(x), in(y); {
		case ix && !iy:
			return -1
		case iy && !ix:
			return 1
		}
		return 0
	})
	return out
}

// explainNilForLoggedError says that the nil returned at nilAt stands for
// the error the function logged just before, and analyses that error as
// the cause: its findings and fixes come first. It reports whether it
// did.
func (a *analysis) explainNilForLoggedError(nilAt sourceLine) bool {
	logCall, logged, ok := a.loggedBeforeNil(nilAt)
	if !ok {
		return false
	}
	msg := failureclass.LogMessage(logged)
	a.g.Add(logged, msg)
	a.nilIsFailure = true
	a.why(code(nilAt.Func) + " returns that " + code("nil") + " in the branch that met an error, which it logs at " + a.cite(logCall) +
		"; the request's log holds that error: " + code(shorten(msg, 200)) + ". The " + code("nil") +
		" stands for that failure, so the logged error is the cause.")
	f := failureclass.Classify(report.Error{Message: msg})
	p := causePass(f.Class)
	if p == nil {
		a.fix("Fix the error " + code(nilAt.Func) + " logs (" + code(shorten(msg, 120)) + "), and make it return that error rather than a bare " + code("nil") + ", so that the caller can answer it.")
		return true
	}
	sub := *a
	sub.f, sub.fromLog, sub.d = f, logged, draft.New(a.g)
	if !p.explain(&sub) {
		return true
	}
	a.d.Why = append(a.d.Why, sub.d.Why...)
	a.d.Fixes = append(sub.d.Fixes, a.d.Fixes...)
	a.d.Notes = append(a.d.Notes, sub.d.Notes...)
	return true
}
