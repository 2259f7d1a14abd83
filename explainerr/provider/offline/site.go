package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/report"
)

// site is where the failure shows in the app's code: the innermost app
// frame, its failing line and what that line does.
type site struct {
	Frame *report.Frame
	// File is the base name of the frame's file; Function the short name.
	File, Function string
	Line           int
	// Text is the failing line, trimmed; "" when the source is unknown.
	Text  string
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
	// messages are the error's messages (its chain, innermost first, then
	// its own), used to pick the statement that produced the error.
	messages []string
}

// findSite locates the failure in r's frames.
func findSite(r *report.Report) site { return siteFrom(r, 0) }

// siteFrom locates the failure in r's frames from the frame at index start
// outward.
func siteFrom(r *report.Report, start int) site {
	s := site{messages: failureclass.Messages(r.Error)}
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
	s.File = baseName(s.Frame.File)
	s.Function = shortFunction(s.Frame.Function)
	s.Line = s.Frame.Line
	s.Text = strings.TrimSpace(s.Frame.Source.LineText())
	s.Facts = linefacts.Analyze(s.Frame.Source)
	s.Returned = r.Error.Kind == report.KindError && funcLiteralLine.MatchString(s.Text)
	return s
}

// funcLiteralLine matches a line that declares a function or starts a
// function literal.
var funcLiteralLine = regexp.MustCompile(`(?:^func\b|\bfunc\s*\().*\{\s*$`)

// shortFunction drops the import path from a qualified function name:
// "example.com/app/store.(*Store).Get" becomes "(*Store).Get" and
// "main.handlePost.func1" becomes "handlePost.func1". A closure whose
// maker was inlined into another method carries that method's name in
// front ("app.(*Server).routes.(*Server).handleFeed.func8"); the prefix is
// dropped too ("(*Server).handleFeed.func8"), and so is package main's
// main ("main.main.RequiresLogin.func13" becomes "RequiresLogin.func13").
func shortFunction(fn string) string {
	fn = elideTypeArgs(fn)
	full := fn
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	if i := strings.IndexByte(fn, '.'); i >= 0 && i+1 < len(fn) {
		fn = fn[i+1:]
	}
	if i := strings.LastIndex(fn, ".("); i > 0 {
		fn = fn[i+1:]
	}
	// A literal of a function inlined into package main's main function
	// ("main.main.RequiresLogin.func13") belongs to that function, not to
	// main.
	if rest, ok := strings.CutPrefix(fn, "main."); ok && strings.HasPrefix(full, "main.main.") && !strings.HasPrefix(rest, "func") && strings.Contains(rest, ".func") {
		fn = rest
	}
	return fn
}

// qualifiedShort keeps the package name: "database/sql.(*DB).QueryRow"
// becomes "sql.(*DB).QueryRow".
func qualifiedShort(fn string) string {
	fn = elideTypeArgs(fn)
	i := strings.LastIndexByte(fn, '/')
	if i < 0 {
		return fn
	}
	short := fn[i+1:]
	// The path's last element ("jwt-go", "yaml%2ev3", "v5") is not
	// always the package's name.
	if j := strings.IndexByte(short, '.'); j >= 0 {
		path := strings.ReplaceAll(fn[:i+1+j], "%2e", ".")
		if name := appsource.AssumedPackageName(path); name != "" {
			return name + short[j:]
		}
	}
	return short
}

// elideTypeArgs writes every type argument list of a generic function's
// name as "[...]", the way Go's own tracebacks print them: the race
// detector prints the instantiation's shapes in full
// ("pkg.(*Pool[go.shape.*example.com/app/pkg.Task]).run"), and their
// import paths and dots are not part of the function's name.
func elideTypeArgs(fn string) string {
	if !strings.Contains(fn, "[") {
		return fn
	}
	var b strings.Builder
	depth := 0
	for _, r := range fn {
		switch {
		case r == '[':
			if depth == 0 {
				b.WriteString("[...]")
			}
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lastName is the last dotted element of a function name: the method or
// function itself ("QueryRow" for "database/sql.(*DB).QueryRow").
func lastName(fn string) string {
	fn = shortFunction(fn)
	if i := strings.LastIndexByte(fn, '.'); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// receiverType returns the receiver type of a method's name ("Store" for
// "(*Store).Get" and "Store.Get"), or "".
func receiverType(short string) string {
	if strings.HasPrefix(short, "(*") {
		if i := strings.Index(short, ")"); i > 2 {
			return short[2:i]
		}
	}
	if i := strings.IndexByte(short, '.'); i > 0 && !strings.HasPrefix(short[i+1:], "func") {
		name := short[:i]
		if name != "" && name[0] >= 'A' && name[0] <= 'Z' {
			return name
		}
	}
	return ""
}

// enclosingFunc returns the short name of the function a closure belongs
// to ("handlePost" for "handlePost.func1", "init" for "init.0.func1", a
// literal in a package's first init function), or short itself: also for
// a closure in a package-level variable's initializer, which belongs to no
// function.
func enclosingFunc(short string) string {
	if initializerClosure(short) {
		return short
	}
	parts := strings.Split(short, ".")
	for i, p := range parts {
		if strings.HasPrefix(p, "func") && i > 0 {
			if i == 2 && parts[0] == "init" && isDigits(parts[1]) {
				return "init"
			}
			return strings.Join(parts[:i], ".")
		}
	}
	return short
}

// initializerFunc matches the names the compiler gives a function literal
// written in the initializer of a package-level variable ("var cmd =
// &cobra.Command{Run: func(...) {...}}"): "glob..funcN" before Go 1.22,
// "init.funcN" since. A literal inside an init function is named
// "init.0.funcN" instead.
var initializerFunc = regexp.MustCompile(`^(?:glob\.\.|init\.)func\d+(?:\.\d+)*$`)

// initializerClosure reports whether short names a function literal
// written in the initializer of a package-level variable.
func initializerClosure(short string) bool {
	return initializerFunc.MatchString(short)
}

// isDigits reports whether s is a non-empty run of decimal digits.
func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// windowLine is one line of a source window with its number.
type windowLine struct {
	Number int
	Text   string
}

// linesAbove returns the lines of the site's window above the failing line,
// nearest first, stopping at the enclosing function's declaration.
func (s site) linesAbove() []windowLine {
	if s.Frame == nil || s.Frame.Source == nil {
		return nil
	}
	src := s.Frame.Source
	var out []windowLine
	for i := s.Line - src.StartLine - 1; i >= 0 && i < len(src.Lines); i-- {
		t := src.Lines[i]
		if strings.HasPrefix(strings.TrimSpace(t), "func ") {
			break
		}
		out = append(out, windowLine{src.StartLine + i, t})
	}
	return out
}

// factsAt parses line number n of the site's window.
func (s site) factsAt(n int) linefacts.Facts {
	src := *s.Frame.Source
	src.Line = n
	return linefacts.Analyze(&src)
}

// assignmentOf finds the nearest line above the failing one that assigns
// the identifier name (name := ..., name, err = ..., var name T).
func (s site) assignmentOf(name string) (windowLine, linefacts.AssignOp, bool) {
	if name == "" {
		return windowLine{}, linefacts.AssignOp{}, false
	}
	varDecl := compiled(`^\s*var\s+` + regexp.QuoteMeta(name) + `\b`)
	for _, l := range s.linesAbove() {
		if !strings.Contains(l.Text, name) {
			continue
		}
		if varDecl.MatchString(l.Text) {
			return l, linefacts.AssignOp{LHS: []string{name}}, true
		}
		for _, a := range s.factsAt(l.Number).Assigned {
			for _, lhs := range a.LHS {
				if lhs == name {
					return l, a, true
				}
			}
		}
	}
	return windowLine{}, linefacts.AssignOp{}, false
}

// hasAssignment reports whether the window assigns name above the failing
// line.
func (s site) hasAssignment(name string) bool {
	_, _, ok := s.assignmentOf(name)
	return ok
}

// isParameter reports whether name is a parameter or receiver of the
// function whose declaration line shows in the site's window.
func (s site) isParameter(name string) bool {
	if s.Frame == nil || s.Frame.Source == nil {
		return false
	}
	src := s.Frame.Source
	for i := src.Line - src.StartLine; i >= 0 && i < len(src.Lines); i-- {
		t := strings.TrimSpace(src.Lines[i])
		if strings.HasPrefix(t, "func ") || strings.HasPrefix(t, "func(") {
			sig := t
			if j := strings.LastIndex(sig, "{"); j >= 0 {
				sig = sig[:j]
			}
			return compiled(`[(,]\s*` + regexp.QuoteMeta(name) + `\s+[\w*\[.]`).MatchString(sig)
		}
	}
	return false
}

// scope returns the window lines to search for the statement behind the
// failure, in order: for a handler that returned its error, the body below
// its declaration, top first; otherwise the failing line and then the
// lines above it, nearest first.
func (s site) scope() []windowLine {
	if s.Frame == nil || s.Frame.Source == nil {
		return nil
	}
	src := s.Frame.Source
	idx := src.Line - src.StartLine
	if s.Returned {
		var out []windowLine
		for i := idx + 1; i >= 0 && i < len(src.Lines); i++ {
			out = append(out, windowLine{src.StartLine + i, src.Lines[i]})
		}
		return out
	}
	return append([]windowLine{{s.Line, src.LineText()}}, s.linesAbove()...)
}

// errorOrigin finds the statement that produced the error the app
// reported, among the lines of the scope that assign err. Each candidate
// is scored: a call named in the message counts for it; a message that
// starts with a standard package's prefix ("strconv.", "json:") counts for
// lines calling that package and against the others; a line that only
// calls standard library functions counts against it for any other
// message. The best candidate wins, the nearest on a tie. In a handler
// that returned its error, a guess among equals is not made.
func (s site) errorOrigin() (windowLine, linefacts.Facts, bool) {
	msg := strings.ToLower(strings.Join(s.messages, "\n"))
	prefix := ""
	for _, m := range s.messages {
		if p := stdPrefix.FindStringSubmatch(m); p != nil && directStd[p[1]] {
			prefix = p[1]
			break
		}
	}
	best, bestScore, tie := -1, -100, false
	var lines []windowLine
	var facts []linefacts.Facts
	for _, l := range s.scope() {
		if !strings.Contains(l.Text, "err") {
			continue
		}
		f := s.factsAt(l.Number)
		if !assignsErr(f) {
			continue
		}
		score := 0
		onlyStd := len(f.Calls) > 0
		callsPrefix := false
		for _, c := range f.Calls {
			if len(c.Name) > 3 && strings.Contains(msg, strings.ToLower(c.Name)) {
				score += 2
			}
			root := rootIdent(c.Receiver)
			if c.Receiver == "" || !grounding.StdPackage(root) {
				onlyStd = false
			}
			if prefix != "" && root == prefix {
				callsPrefix = true
			}
		}
		switch {
		case prefix != "" && callsPrefix:
			score++
		case prefix != "":
			score--
		case onlyStd:
			score--
		}
		lines, facts = append(lines, l), append(facts, f)
		switch {
		case score > bestScore:
			best, bestScore, tie = len(lines)-1, score, false
		case score == bestScore:
			tie = true
		}
	}
	if best < 0 || s.Returned && (tie || bestScore < 0) {
		return windowLine{}, linefacts.Facts{}, false
	}
	return lines[best], facts[best], true
}

// stdPrefix matches a message that starts with a package's name, as
// "strconv.Atoi: ..." and "json: ..." do.
var stdPrefix = regexp.MustCompile(`^(\w+)[.:]`)

// directStd are the standard packages whose errors come from calling their
// functions directly (unlike database/sql, reached through methods).
var directStd = map[string]bool{
	"strconv": true, "json": true, "xml": true, "csv": true, "base64": true,
	"hex": true, "url": true, "time": true, "mail": true,
}

// assignsErr reports whether a line assigns a variable called err.
func assignsErr(f linefacts.Facts) bool {
	for _, a := range f.Assigned {
		for _, l := range a.LHS {
			if l == "err" {
				return true
			}
		}
	}
	return false
}

// lineMatching finds the first line of the scope whose text matches
// pattern.
func (s site) lineMatching(pattern *regexp.Regexp) (windowLine, bool) {
	for _, l := range s.scope() {
		if pattern.MatchString(l.Text) {
			return l, true
		}
	}
	return windowLine{}, false
}
