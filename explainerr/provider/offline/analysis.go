package offline

import (
	"go/ast"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/explainerr/report"
)

// analysis holds everything known while explaining one report.
type analysis struct {
	// r is the report being explained, f its failure's class.
	r *report.Report
	f failure
	// The shared results every pass reads (see the package doc): the
	// grounding, the failure site, the source corpus, and the draft the
	// pass writes into.
	g *grounding.Set
	s site.Site
	c corpus.Corpus
	d *draft.Draft
	// culprit is the expression the explanation names as the one that
	// failed ("" when none could be named).
	culprit string
	// src is the app's parsed source (nil when unreadable), loaded on
	// first use by app.
	src       *appSource
	srcLoaded bool
	// fromLog is the request's log line analysed as the failure when the
	// error's own text said nothing ("" when the error itself was used).
	fromLog string
	// recoveredLog is the request's log line that holds the value of a
	// panic the app's recoverer took ("" when none was used).
	recoveredLog string
	// stackFiles holds the app's files on the report's stacks by base
	// name (sharedBaseName); nil until first needed.
	stackFiles map[string]map[string]bool
	// errMade is where the app makes the error of a message, once
	// searched (errorMadeAt).
	errMade errorSearch
	// reach is what the request may have run, once computed (reached).
	reach []appsource.FuncRef
	// columnArg is the failing call's line when it passes a missing
	// column's name as a string argument; the fix corrects it there.
	columnArg corpus.Line
	reachDone bool
	// fixedAtOrigin is true once a fix was written where the nil value
	// was made: in the caller that passed it on (followNilParameter), or
	// at the parse whose error was discarded (nilOrigin). A nil check at
	// the failing line would then be the wrong place, or a second fix
	// for the same fault.
	fixedAtOrigin bool
	// loggedDecls are the module functions the request's log lines name
	// (appsource.Module.LoggedFuncs), once looked up.
	loggedDecls map[*ast.FuncDecl]bool
	// nilIsFailure is true once the nil value was found to stand for a
	// failure its maker logged (explainNilForLoggedError): not the
	// "nothing found" a nil often means.
	nilIsFailure bool
	// aliases holds sentinelAlias's answers by target, once looked up.
	aliases map[string]string
	// standIn says what stands in for the app frames of a stack that
	// held none (appsource.WithStandInFrames): the app's code a log line
	// names, the handler of the request's route, or "".
	standIn string
	// nilReturned is true once the source shows the nil value to be one
	// the code gives on purpose (a function's nil result, a map's missing
	// key): a check for it is a fix, not a way to hide the cause.
	nilReturned bool
	// ungrounded are the nil checks offered without such grounds.
	ungrounded []ungroundedGuard
}

func newAnalysis(r *report.Report) *analysis {
	r, standIn := appsource.WithStandInFrames(r)
	g := grounding.New(r)
	a := &analysis{r: r, g: g, f: failureclass.Classify(r.Error), s: findSite(r), d: draft.New(g), standIn: standIn}
	if a.s.Frame != nil {
		a.s.File = a.fileName(a.s.Frame.File)
		if closureSuffix.MatchString(a.s.Function) {
			a.s.Function = a.frameName(a.s.Frame)
		}
	}
	a.s.MethodCaseOf = a.methodCaseOf
	a.c = corpus.New(r, a.fileName)
	a.siteAtHelperCaller()
	a.useLoggedError()
	a.useRecoveredLogValue()
	return a
}

// explain writes the explanation for the report's class: the location,
// then the findings of the pass that recognises the class (passFor), else
// the error restated.
func (a *analysis) explain() string {
	if a.explainRaisedAgain() {
		a.pointToContext()
		return a.d.Render() + Footer + "\n"
	}
	a.where()
	if a.fromLog != "" {
		a.explainLoggedCause()
	}
	if a.recoveredLog != "" {
		a.explainRecoveredFromLog()
	}
	if a.explainCrossedDelegation() {
		// The statement that failed is not the one the request asked
		// for: what the pass would say of it is beside the point.
	} else if p := passFor(a.f.Class); p == nil || !p.explain(a) {
		a.unknown()
	}
	a.whereGenerated()
	if k := a.r.Error.Kind; k == report.KindStatus || k == report.KindError {
		a.sayDuplicatedArgument()
	}
	a.pointToContext()
	a.dropFixesTheCodeHas()
	a.replaceUngroundedGuards()
	return a.d.Render() + Footer + "\n"
}

// where writes the location section: file, line and function of the
// innermost app frame with its line, the library function that raised the
// failure, and the app's caller.
func (a *analysis) where() {
	s := a.s
	if a.f.Class == ClassTestTimeout {
		a.whereTestWaits()
		return
	}
	if a.standIn != "" {
		a.whereLogged()
		return
	}
	if s.Frame == nil {
		text := "No frame of the app's own code is on the failing stack"
		if len(a.r.Frames) > 0 {
			f := a.r.Frames[0]
			text += "; the innermost frame is " + code(qualifiedShort(f.Function)) + " at " + code(a.fileLoc(f.File, f.Line))
		}
		a.d.Where = append(a.d.Where, draft.Item{text + "."})
		return
	}
	at := sitePlace(s)
	if initializerClosure(s.Function) {
		at += " (" + a.initializerLabel() + ")"
	} else if s.Function != enclosingFunc(s.Function) {
		at += " (a function literal inside " + code(enclosingFunc(s.Function)) + ")"
	}
	if a.writtenByLibrary() {
		a.whereLibraryWrote(at)
		return
	}
	if a.r.Error.HandedOver {
		a.whereHandedOver(at)
		return
	}
	if h := s.Helper; h != nil {
		at = "the app reported the failure at " + at
	} else if a.r.Error.Kind == report.KindStatus {
		at = "the app wrote the error status at " + at
	}
	if s.Returned {
		a.d.Where = append(a.d.Where, draft.Item{at + " returned the error; the handler starts at this line:\n" + code(s.Text)})
	} else if s.Text != "" {
		a.d.Where = append(a.d.Where, draft.Item{at + ":\n" + code(s.Text)})
	} else if u := siteUnshown(s); u != "" {
		a.d.Where = append(a.d.Where, draft.Item{at + u + "."})
	} else if unnamed := strings.TrimSuffix(at, " (the stack does not name its function)"); unnamed != at {
		a.d.Where = append(a.d.Where, draft.Item{unnamed + " (the stack does not name its function, and its source could not be read)."})
	} else {
		a.d.Where = append(a.d.Where, draft.Item{at + " (its source could not be read)."})
	}
	if k := a.r.Error.Kind; k == report.KindStatus || k == report.KindError {
		if w, _, ok := s.ErrorOrigin(); ok && w.Number != s.Line {
			a.d.Where = append(a.d.Where, draft.Item{"The error most likely comes from " + quoteLine(a.siteLine(w)) + "."})
		} else if l, ok := a.methodCaseErrLine(); ok {
			a.g.Add(a.s.Method)
			a.d.Where = append(a.d.Where, draft.Item{"The error most likely comes from the case of the request's method, " + code(a.s.Method) + ", at " + a.cite(l) + "."})
		}
	}
	if h := s.Helper; h != nil {
		a.d.Where = append(a.d.Where, draft.Item{"The status was written inside the app's error helper " + code(shortFunction(h.Function)) + " at " + code(a.fileLoc(h.File, h.Line)) + ", which this line called with the error."})
	}
	if s.Raiser != nil {
		verb := "The failure was raised inside "
		if a.f.Class == ClassDeadlock || a.f.Class == ClassTestTimeout {
			// Nothing was raised: the goroutine waited there.
			verb = "The goroutine was blocked inside "
		}
		a.d.Where = append(a.d.Where, draft.Item{verb + code(qualifiedShort(s.Raiser.Function)) + ", which " + siteCaller(s) + " called."})
	}
	if c := s.Caller; c != nil {
		called := "Called from " + code(a.frameName(c)) + " at " + code(a.fileLoc(c.File, c.Line))
		if text := strings.TrimSpace(c.Source.LineText()); text != "" {
			a.d.Where = append(a.d.Where, draft.Item{called + ": " + code(text)})
		} else {
			a.d.Where = append(a.d.Where, draft.Item{called + "."})
		}
	}
}

// why adds paragraphs to the Why section, each a list of alternatives.
//
// why, fix, note, headline and app, and the small helpers kept out of
// line the same way (funcName, lastSelector, block, viewOf…), are each called
// from dozens to hundreds of places; they are kept out of line so that
// the app's binary carries one copy of each rather than one per call
// (about 0.45 MB in all).
//
//go:noinline
func (a *analysis) why(alts ...string) { a.d.Why = append(a.d.Why, draft.Item(alts)) }

// fix adds a bullet to the fixes, given as alternatives.
//
//go:noinline
func (a *analysis) fix(alts ...string) { a.d.Fixes = append(a.d.Fixes, draft.Item(alts)) }

// note adds a closing paragraph.
//
//go:noinline
func (a *analysis) note(alts ...string) { a.d.Notes = append(a.d.Notes, draft.Item(alts)) }

// headline sets the headline, given as alternatives.
//
//go:noinline
func (a *analysis) headline(alts ...string) { a.d.Headline = draft.Item(alts) }

// requestSource says where in the request a value came from: a route
// parameter, a query or form field, or the URL, as Markdown; "" when the
// value does not appear in the request.
func (a *analysis) requestSource(value string) string {
	q := a.r.Request
	if value == "" {
		return ""
	}
	if q.Route != "" {
		path := q.URL
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		if i := strings.Index(path, "://"); i >= 0 {
			path = path[i+3:]
			if j := strings.IndexByte(path, '/'); j >= 0 {
				path = path[j:]
			}
		}
		rs, ps := strings.Split(q.Route, "/"), strings.Split(path, "/")
		if len(rs) == len(ps) {
			for i, seg := range rs {
				if strings.HasPrefix(seg, "{") && ps[i] == value {
					name := strings.Trim(seg, "{}")
					if j := strings.IndexByte(name, ':'); j >= 0 {
						name = name[:j]
					}
					return "the route parameter " + code(name) + " of " + code(q.Route)
				}
			}
		}
	}
	for _, m := range []struct {
		what string
		vals map[string][]string
	}{{"query parameter", q.Query}, {"form field", q.Form}} {
		for _, k := range sortedKeys(m.vals) {
			for _, v := range m.vals[k] {
				if v == value {
					return "the " + m.what + " " + code(k)
				}
			}
		}
	}
	if strings.Contains(q.URL, value) {
		return "the request URL " + code(q.URL)
	}
	return ""
}

// servesHTTP reports whether the failure happened while serving an HTTP
// request: the report has a request, or the stack shows net/http serving.
// A crash dump of a command-line program has neither.
func (a *analysis) servesHTTP() bool {
	if q := a.r.Request; q.Method != "" || q.URL != "" {
		return true
	}
	for _, f := range a.r.Frames {
		if strings.HasPrefix(f.Function, "net/http.") && (strings.Contains(f.Function, "ServeHTTP") || strings.HasSuffix(f.Function, "(*conn).serve")) {
			return true
		}
	}
	return false
}

// explicitPanic reports whether the app's failing line calls panic itself.
func (a *analysis) explicitPanic() bool {
	for _, c := range a.s.Facts.Calls {
		if c.Name == "panic" && c.Receiver == "" {
			return true
		}
	}
	return false
}

// requestLine describes the request that failed, such as "GET /posts/abc".
func (a *analysis) requestLine() string {
	q := a.r.Request
	if q.Method == "" && q.URL == "" {
		return ""
	}
	return code(strings.TrimSpace(q.Method + " " + q.URL))
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// declaration finds where name is declared with a type in the corpus: a
// struct field or variable ("cache map[int]*Post", "var hits map[string]int")
// and returns the line and the declared type.
func (a *analysis) declaration(name string) (corpus.Line, string, bool) {
	if !isIdent(name) {
		return corpus.Line{}, "", false
	}
	re := compiled(`^\s*(?:var\s+)?` + regexp.QuoteMeta(name) + `(?:\s*,\s*\w+)*\s+([^=/]+?)\s*(?:=.*)?(?://.*)?$`)
	for _, l := range a.c {
		m := re.FindStringSubmatch(l.Text)
		if m == nil {
			continue
		}
		typ := strings.TrimSpace(m[1])
		if typ == "" || strings.HasPrefix(typ, ":") || strings.ContainsAny(typ[:1], "(.,") {
			continue
		}
		// A struct tag after the type is not part of it.
		if i := strings.IndexByte(typ, '`'); i >= 0 {
			typ = strings.TrimSpace(typ[:i])
		}
		return l, typ, true
	}
	return corpus.Line{}, "", false
}

// quoteLine formats a corpus line for prose: `file.go:12` `text`.
func quoteLine(l corpus.Line) string {
	return code(loc(l.File, l.Number)) + ": " + code(strings.TrimSpace(l.Text))
}

// siteLine returns a window line of the site as a corpus line.
func (a *analysis) siteLine(w site.WindowLine) corpus.Line {
	return corpus.Line{File: a.s.File, Number: w.Number, Text: w.Text}
}
