package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A handler that tests errors.Is(err, ErrNotFound) still answers 500 when
// the error was made with fmt.Errorf("...: %v", ErrNotFound): %v keeps the
// sentinel's text but not its identity. The analyzer looks for that pair
// in the app's source: an errors.Is test in the failing function, and a
// text-only wrap of the same sentinel (by name and package) anywhere in the
// module.

// lostSentinel is such a pair.
type lostSentinel struct {
	Check sourceLine
	// Target is the sentinel as the check names it ("store.ErrNotFound"),
	// or, for a test of the error's type, the type ("*ent.NotFoundError")
	// or the library predicate ("ent.IsNotFound").
	Target string
	// Test is "" for errors.Is; "type switch", "errors.As",
	// "errors.AsType" or "predicate" for a test of the error's type.
	Test string
	Wrap textWrap
	// Equal says the check compares with == (or !=), which a wrap
	// defeats as it does errors.Is; Elsewhere that the check is in a
	// function the request need not have run (another route's handler).
	Equal, Elsewhere bool
	// Unseen says the error's own words were neither shown nor logged:
	// that it was the sentinel is what the test and the wrap suggest,
	// not what its message says.
	Unseen bool
}

// findLostSentinel looks for a text-only wrap of a sentinel error that
// the failing function, or a function of an app frame further out (the
// handler behind a response helper), tests with errors.Is. Further out,
// the wrap must also be the one whose format gives the failure's message.
func (a *analysis) findLostSentinel() (lostSentinel, bool) {
	k := a.r.Error.Kind
	src := a.app()
	if src == nil || a.s.Frame == nil || (k != report.KindStatus && k != report.KindError) {
		return lostSentinel{}, false
	}
	wraps := src.textWraps()
	seen := map[*ast.FuncDecl]bool{}
	for i, fr := range a.appFrames(maxSentinelFrames) {
		line := fr.Line
		if i == 0 {
			line = a.s.Line
		}
		f, fd := src.funcAt(fr.File, line)
		if fd == nil || seen[fd] {
			continue
		}
		seen[fd] = true
		if l, ok := a.lostSentinelIn(src, f, fd, wraps, i > 0); ok {
			return l, true
		}
		if i == 0 && failureclass.SaysNothing(a.r.Error.Message) {
			if l, ok := a.unseenLostWrap(src, f, fd); ok {
				l.Unseen = true
				return l, true
			}
		}
	}
	// An error an error handler passed on: the functions the stack does
	// not show, that wrote its words or that its route registers, before
	// a test anywhere else (another route's handler of the same store).
	for _, at := range a.handedOverFuncs() {
		f, fd := src.funcAt(at.Path, at.Line)
		if fd == nil || seen[fd] {
			continue
		}
		seen[fd] = true
		if l, ok := a.lostSentinelIn(src, f, fd, wraps, true); ok {
			return l, true
		}
	}
	return a.sentinelTestedElsewhere(src, wraps)
}

// handedOverFuncs returns, for an error an error handler passed on, a
// line of each function that wrote words of its message and of the
// handler its route registers.
func (a *analysis) handedOverFuncs() []sourceLine {
	src := a.app()
	if !a.r.Error.HandedOver || src == nil || src.mod == nil {
		return nil
	}
	var out []sourceLine
	for _, site := range src.mod.FailureSites(a.r) {
		out = append(out, sourceLine{Path: site.File.Path, Line: site.Line})
	}
	if ref, ok := a.routeHandler(); ok {
		out = append(out, sourceLine{Path: ref.File.Path, Line: src.mod.Fset.Position(ref.Decl.Body.Pos()).Line})
	}
	return out
}

// maxSentinelFrames is how many app frames, innermost first, are read for
// an errors.Is test of a sentinel a wrap hid.
const maxSentinelFrames = 8

// appFrames returns the report's first n app frames, innermost first,
// starting with the site's.
func (a *analysis) appFrames(n int) []report.Frame {
	out := []report.Frame{*a.s.Frame}
	for _, fr := range a.r.Frames {
		if len(out) >= n {
			break
		}
		if fr.Kind == report.FrameApp && !(fr.File == a.s.Frame.File && fr.Line == a.s.Frame.Line) {
			out = append(out, fr)
		}
	}
	return out
}

// lostSentinelIn looks in fd, of f, for an errors.Is test of a sentinel
// that one of wraps formats with a verb other than %w; when matched is
// set, only a wrap whose format gives the failure's message counts.
func (a *analysis) lostSentinelIn(src *appSource, f *appFile, fd *ast.FuncDecl, wraps []textWrap, matched bool) (lostSentinel, bool) {
	var found lostSentinel
	ok := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ok {
			return false
		}
		if l, typed := a.lostTypeTest(src, f, fd, n, wraps); typed {
			found, ok = l, true
			return false
		}
		if be, isCmp := n.(*ast.BinaryExpr); isCmp && (be.Op == token.EQL || be.Op == token.NEQ) {
			// == misses a sentinel wrapped with %w as well: the wrapper
			// is never equal to it.
			for _, side := range []ast.Expr{be.X, be.Y} {
				target := astutil.ExprString(side)
				for _, w := range slices.Concat(wraps, src.verbWraps()) {
					if strings.HasPrefix(lastSelector(target), "Err") && lastSelector(w.Arg) == lastSelector(target) &&
						sameHome(src.homeOf(f.path, target), src.homeOf(w.Line.Path, w.Arg)) && (!matched || a.wrapGivesMessage(w)) {
						found = lostSentinel{Check: src.lineAt(f, be.Pos(), funcName(fd)), Target: target, Wrap: w, Equal: true}
						ok = true
						return false
					}
				}
			}
			return true
		}
		call, isCall := n.(*ast.CallExpr)
		if !isCall {
			return true
		}
		target, isTest := src.errorsIsTarget(f, call)
		if !isTest {
			return true
		}
		for _, w := range wraps {
			named := lastSelector(w.Arg) == lastSelector(target) && target != "" &&
				sameHome(src.homeOf(f.path, target), src.homeOf(w.Line.Path, w.Arg))
			if named && (!matched || a.wrapGivesMessage(w)) || a.wrapsKnownSentinel(w, target) {
				found = lostSentinel{Check: src.lineAt(f, call.Pos(), funcName(fd)), Target: target, Wrap: w}
				ok = true
				return false
			}
		}
		if made, fresh := a.freshInsteadOf(src, target, fd); fresh {
			found = lostSentinel{Check: src.lineAt(f, call.Pos(), funcName(fd)), Target: target, Test: "fresh", Wrap: textWrap{Line: made}}
			ok = true
			return false
		}
		return true
	})
	return found, ok
}

// wrapGivesMessage reports whether w's format gives one of the failure's
// messages (the error's, or the logged one it was read from), or what
// follows a ": " of one: the words of a log call or of a wrapper before
// it.
func (a *analysis) wrapGivesMessage(w textWrap) bool {
	for _, m := range a.messageTails() {
		if formatMatchesMin(w.Format, m, 3) {
			return true
		}
	}
	return false
}

// messageTails returns the failure's messages (the analysed one, then
// the site's), each followed by what comes after each ": " of it
// (failureclass.ChainTails), trimmed: the words of a log call or of a
// wrapper before an error are left out one by one.
func (a *analysis) messageTails() []string {
	var out []string
	for _, msg := range append([]string{a.f.Message}, a.s.Messages...) {
		for _, m := range append([]string{msg}, failureclass.ChainTails(msg)...) {
			out = append(out, strings.TrimSpace(m))
		}
	}
	return out
}

// knownSentinels are the standard library's sentinel errors an app tests
// with errors.Is, by the text their message holds.
var knownSentinels = map[string]string{
	"sql.ErrNoRows":          "sql: no rows in result set",
	"pgx.ErrNoRows":          "no rows in result set",
	"sql.ErrTxDone":          "sql: transaction has already been committed or rolled back",
	"sql.ErrConnDone":        "sql: connection is already closed",
	"os.ErrNotExist":         "file does not exist",
	"fs.ErrNotExist":         "file does not exist",
	"os.ErrExist":            "file already exists",
	"fs.ErrExist":            "file already exists",
	"http.ErrNoCookie":       "http: named cookie not present",
	"context.Canceled":       "context canceled",
	"redis.Nil":              "redis: nil",
	"mongo.ErrNoDocuments":   "mongo: no documents in result",
	"gorm.ErrRecordNotFound": "record not found",
}

// wrapsKnownSentinel reports whether w, a text-only wrap of an error
// variable, made the failure's error out of target, one of the standard
// sentinels: w's format gives the failure's message, and the part its
// verb stands for holds target's text.
func (a *analysis) wrapsKnownSentinel(w textWrap, target string) bool {
	text := knownSentinels[strings.TrimSpace(target)]
	if text == "" {
		text = knownSentinels[a.sentinelAlias(target)]
	}
	if text == "" {
		return false
	}
	// The error's messages, and the logged error analysed in place of a
	// bare status text.
	for _, msg := range append(a.s.Messages[:len(a.s.Messages):len(a.s.Messages)], errorText(a.f.Message)) {
		// The sentinel's text in the message and the handler's test of it
		// tie the two: a short format ("user %d: %v") is enough.
		if strings.Contains(msg, text) && formatMatchesMin(w.Format, strings.TrimSpace(msg), 3) {
			return true
		}
	}
	return false
}

// explainLostSentinel writes the why and the fix of a lost sentinel.
func (a *analysis) explainLostSentinel(l lostSentinel) {
	if l.Test != "" {
		a.explainTypeTestLost(l)
		return
	}
	verb := `"%` + l.Wrap.Verb + `"`
	// The sentinel itself, or the error variable that held it.
	lost := l.Wrap.Arg
	if lastSelector(lost) != lastSelector(l.Target) {
		lost = l.Target
	}
	if l.Equal && l.Wrap.Verb == "w" {
		a.explainEqualAfterWrap(l)
		return
	}
	switch {
	case l.Equal:
		a.g.Add(l.Check.Text)
		a.why(code(l.Check.Func) + " compares the error with " + code(l.Target) + " at " + code(a.fileLoc(l.Check.Path, l.Check.Line)) + " (" + code(l.Check.Text) + "): the comparison is false for this error, so the request fell through to the generic error path.")
	case l.Elsewhere:
		a.why("The module tests for " + code(l.Target) + " with " + code("errors.Is") + " at " + a.cite(l.Check) + ", a test this error would fail too.")
	default:
		a.why(code("errors.Is(err, "+l.Target+")") + " at " + a.cite(l.Check) + " is false for this error, so the request fell through to the generic error path.")
	}
	if l.Unseen {
		a.why("The error's own words were neither shown nor logged, so whether it was " + code(l.Target) + " cannot be read here; but the call whose error this is reaches " + a.cite(l.Wrap.Line) + ", which formats " + code(l.Wrap.Arg) + " with " + code(verb) + ": when " + code(l.Wrap.Arg) + " is " + code(l.Target) + ", the error no longer wraps it, and " + code("errors.Is") + " cannot see it.")
	} else {
		a.why("The error is made at " + a.cite(l.Wrap.Line) + ", which formats " + code(l.Wrap.Arg) + " with " + code(verb) + ": the message keeps its text, but the error no longer wraps " + code(lost) + ", and " + code("errors.Is") + " cannot see it.")
	}
	if l.Equal {
		// == compares the error itself: %w alone does not make it equal.
		is := "errors.Is(err, " + l.Target + ")"
		a.g.Add(is)
		a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(verb) + " at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + ", and test it with " + code(is) + " in place of the comparison at " + code(a.fileLoc(l.Check.Path, l.Check.Line)) + ": a wrapped error is never " + code("==") + " to " + code(lost) + ".")
		return
	}
	a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(verb) + " at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + ", so that " + code("errors.Is") + " finds " + code(lost) + " and the handler answers as it intends.")
}

// funcAt returns the function declaration of the file at path that holds
// line.
func (s *appSource) funcAt(path string, line int) (*appFile, *ast.FuncDecl) {
	f := s.byPath[path]
	if f == nil {
		return nil, nil
	}
	for _, d := range f.syntax().Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		if s.fset.Position(fd.Pos()).Line <= line && line <= s.fset.Position(fd.End()).Line {
			return f, fd
		}
	}
	return nil, nil
}

// sentinelHeadline is the headline of a lost sentinel.
func sentinelHeadline(l lostSentinel) string {
	switch {
	case l.Equal:
		return "An error wrapped with " + code(`"%`+l.Wrap.Verb+`"`) + " is never " + code("==") + " to " + code(strings.TrimSpace(l.Target))
	}
	switch l.Test {
	case "":
	case "fresh":
		return "A new error where " + code(strings.TrimSpace(l.Target)) + " is tested for"
	default:
		return "An error wrapped with " + code(`"%`+l.Wrap.Verb+`"`) + " does not match the " + l.Test + " " + code(strings.TrimSpace(l.Target))
	}
	return "An error wrapped with " + code(`"%`+l.Wrap.Verb+`"`) + " is not " + code(strings.TrimSpace(l.Target)) + " to " + code("errors.Is")
}

// textWrapOf returns the module's text-only wrap that made the failure's
// error out of target, one of the standard sentinels, when there is one.
func (a *analysis) textWrapOf(target string) (textWrap, bool) {
	src := a.app()
	if src == nil {
		return textWrap{}, false
	}
	// Of the wraps whose format gives the message, the one that prints
	// the most of it: "unable to get user %q: %v" made "unable to get
	// user "bob": …" more surely than "%w: %v %v", whose verbs take any
	// words.
	best, most := textWrap{}, -1
	for _, w := range src.textWraps() {
		if own := appsource.OwnTextLen(w.Format); own > most && a.wrapsKnownSentinel(w, target) {
			best, most = w, own
		}
	}
	return best, most >= 0
}

// lostInChain reports whether the live error's chain shows that target's
// text was kept but the sentinel itself was not: the report has a chain,
// and neither it nor the message is target's text alone.
func (a *analysis) lostInChain(target string) bool {
	e := a.r.Error
	text := knownSentinels[target]
	if text == "" || (e.Kind != report.KindError && e.Kind != report.KindPanic) || !strings.Contains(e.Message, text) {
		return false
	}
	if strings.TrimSpace(e.Message) == text {
		return false
	}
	for _, c := range e.Chain {
		if strings.TrimSpace(c) == text {
			return false
		}
	}
	return true
}

// sentinelAlias returns the standard sentinel that the app's own sentinel
// target is declared as (var ErrRecordNotFound = pgx.ErrNoRows), "" when
// it is no such alias.
func (a *analysis) sentinelAlias(target string) string {
	if alias, ok := a.aliases[target]; ok {
		return alias
	}
	if a.aliases == nil {
		a.aliases = map[string]string{}
	}
	alias := a.findSentinelAlias(target)
	a.aliases[target] = alias
	return alias
}

// findSentinelAlias does the work of sentinelAlias: every package that
// holds target's name is read for its declaration.
func (a *analysis) findSentinelAlias(target string) string {
	src := a.app()
	name := lastSelector(strings.TrimSpace(target))
	if src == nil || name == "" {
		return ""
	}
	tried := map[string]bool{}
	// Only a package whose text declares the name as another package's
	// value ("ErrNotFound = pgx.ErrNoRows") is parsed.
	decl := compiled(`\b` + regexp.QuoteMeta(name) + `\s*=\s*\w+\.\w+`)
	for _, f := range src.files {
		dir := filepath.Dir(f.path)
		if tried[dir] || !linesHold(f.text(), name) || !anyLineMatches(f.text(), decl) {
			continue
		}
		tried[dir] = true
		_, vs, i, ok := src.packageVarSpec(dir, "", name)
		if !ok || i >= len(vs.Values) {
			continue
		}
		if sel, ok := vs.Values[i].(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && knownSentinels[x.Name+"."+sel.Sel.Name] != "" {
				return x.Name + "." + sel.Sel.Name
			}
		}
	}
	return ""
}

// loggedTrace matches the goroutine trace a logger appends to an error's
// text (debug.Stack after the message).
var loggedTrace = regexp.MustCompile(`\s+goroutine \d+ \[`)

// logPrefix matches the standard logger's prefix of a line: a prefix
// word, the date and time, and the file and line.
var logPrefix = regexp.MustCompile(`^(?:[A-Z]+:?\s+)?\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?\s+(?:[\w./-]+\.go:\d+:\s+)?`)

// errorText returns the error of a logged message: without the standard
// logger's prefix and the goroutine trace logged after it.
func errorText(msg string) string {
	msg = logPrefix.ReplaceAllString(strings.TrimSpace(msg), "")
	if loc := loggedTrace.FindStringIndex(msg); loc != nil {
		msg = msg[:loc[0]]
	}
	return strings.TrimSpace(msg)
}

// sentinelTestedElsewhere finds, for a text-only wrap of a sentinel
// (fmt.Errorf("tag %d: %v", id, ErrNotFound)) whose format gives the
// failure's message, an errors.Is test of that sentinel anywhere in the
// module, a function that calls the wrap's first: every such test is
// false for the error the wrap made, wherever it is (a service between
// the handler and the store, which no frame shows once it returned).
func (a *analysis) sentinelTestedElsewhere(src *appSource, wraps []textWrap) (lostSentinel, bool) {
	for _, w := range wraps {
		name := lastSelector(w.Arg)
		if !strings.HasPrefix(name, "Err") || !a.wrapGivesMessage(w) {
			continue
		}
		var found lostSentinel
		// A test on the request's own path (a function it reached) that
		// calls the wrap's function is best, then one that calls it,
		// then one the request reached.
		reached := map[string]bool{}
		for _, ref := range a.reached() {
			reached[ref.File.Path+":"+strconv.Itoa(src.fset.Position(ref.Decl.Pos()).Line)] = true
		}
		ok, best := false, -1
		for _, f := range src.files {
			if !linesHold(f.text(), "errors.Is(", name) {
				continue
			}
			for _, d := range f.syntax().Decls {
				fd, isFunc := d.(*ast.FuncDecl)
				if !isFunc || fd.Body == nil {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					call, isCall := n.(*ast.CallExpr)
					if !isCall || best == 3 {
						return best != 3
					}
					target, isTest := src.errorsIsTarget(f, call)
					if !isTest || lastSelector(target) != name || !sameHome(src.homeOf(f.path, target), src.homeOf(w.Line.Path, w.Arg)) {
						return true
					}
					calls := appsource.Calls(fd, lastName(w.Line.Func))
					score := 0
					if calls {
						score++
					}
					if reached[f.path+":"+strconv.Itoa(src.fset.Position(fd.Pos()).Line)] {
						score += 2
					}
					if score > best {
						found = lostSentinel{Check: src.lineAt(f, call.Pos(), funcName(fd)), Target: target, Wrap: w, Elsewhere: !calls}
						ok, best = true, score
					}
					return true
				})
			}
		}
		if ok {
			return found, true
		}
	}
	return lostSentinel{}, false
}

// anyLineMatches reports whether a line of lines matches re.
func anyLineMatches(lines []string, re *regexp.Regexp) bool {
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// explainEqualAfterWrap explains a sentinel wrapped with %w that a check
// compares with ==: the wrap is right, the comparison is not.
func (a *analysis) explainEqualAfterWrap(l lostSentinel) {
	pkg, shadowed := a.errorsPackageIn(l.Check.Path)
	is := pkg + ".Is(err, " + l.Target + ")"
	a.g.Add(l.Check.Text, is)
	a.why(code(l.Check.Func) + " compares the error with " + code(l.Target) + " at " + code(a.fileLoc(l.Check.Path, l.Check.Line)) + " (" + code(l.Check.Text) + "): the comparison is false for this error, so the request fell through to the generic error path.")
	a.why("The error is made at " + a.cite(l.Wrap.Line) + ", which wraps " + code(l.Wrap.Arg) + " with " + code(`"%w"`) + ": " + code("errors.Is") + " finds it there, but " + code("==") + " compares the wrapping error itself, which is never " + code(l.Target) + ".")
	fix := "Test it with " + code(is) + " in place of the comparison at " + code(a.fileLoc(l.Check.Path, l.Check.Line))
	if shadowed != "" {
		a.g.Add(pkg, shadowed) // the import the fix introduces, and the package it names
		fix += ", importing the standard library's " + code("errors") + " as " + code(pkg) + ": the file's " + code("errors") + " is " + code(shadowed)
	}
	a.fix(fix + ".")
	if strings.HasPrefix(lastSelector(l.Wrap.Arg), "Err") {
		// The sentinel itself, returned bare, matches every comparison
		// the app makes with it, not only this one.
		a.fix("Or return " + code(l.Wrap.Arg) + " itself at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + " (the wrap adds only words to its message), so that this comparison and any other the app makes with " + code("==") + " or a " + code("case") + " hold again.")
	}
}

// errorsPackageIn returns the name the file at path can call the
// standard library's errors package by: "errors", or, when the file
// imports another package under that name (an app's own errors package),
// the name it has under another import, else "stderrors", with the other
// package's import path.
func (a *analysis) errorsPackageIn(path string) (name, shadowed string) {
	src := a.app()
	if src == nil {
		return "errors", ""
	}
	f := src.byPath[path]
	if f == nil || f.syntax() == nil {
		return "errors", ""
	}
	std := ""
	for _, im := range f.syntax().Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		local := p[strings.LastIndexByte(p, '/')+1:]
		if im.Name != nil {
			local = im.Name.Name
		}
		switch {
		case p == "errors":
			std = local
		case local == "errors":
			shadowed = p
		}
	}
	switch {
	case shadowed == "":
		return "errors", ""
	case std != "" && std != "errors":
		return std, shadowed
	}
	return "stderrors", shadowed
}
