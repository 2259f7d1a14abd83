package offline

import (
	"github.com/explainerr/explainerr/internal/astutil"
	"go/ast"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/explainerr/report"
)

// guard returns the usual "check and handle" snippet: in an HTTP handler
// it answers with status, elsewhere it leaves the handling to a comment.
func (a *analysis) guard(cond, status string) []string {
	if a.inHandler() && !a.noResponseWriter() {
		return a.answerAndReturn("if "+cond+" {", "\thttp.Error(w, http.StatusText("+status+"), "+status+")")
	}
	return []string{"if " + cond + " {", "\t// handle it: return an error or a default", "}"}
}

// inHandler reports whether the failing line is inside an HTTP handler
// with its ResponseWriter named w, as far as the window shows.
func (a *analysis) inHandler() bool {
	handler := compiled(`\bw\s+http\.ResponseWriter\b`)
	if a.s.Frame == nil || a.s.Frame.Source == nil {
		return false
	}
	src := a.s.Frame.Source
	for i := a.s.Line - src.StartLine; i >= 0 && i < len(src.Lines); i-- {
		if handler.MatchString(src.Lines[i]) {
			return true
		}
		if strings.HasPrefix(strings.TrimSpace(src.Lines[i]), "func ") {
			return false
		}
	}
	// The window does not reach the function's declaration: ask the
	// parsed source for the type of w.
	if app := a.app(); app != nil {
		if sel, ok := a.declaredType(app, "w").(*ast.SelectorExpr); ok && sel.Sel.Name == "ResponseWriter" {
			a.g.Add("w") // the parameter, in the function's parsed source
			return true
		}
	}
	return false
}

// receiverOrigin finds where the caller got the value the failing method
// was called on: "stats := NewSiteStats()" above "stats.AddPost(p)".
func (a *analysis) receiverOrigin() (corpus.Line, string, bool) {
	c := a.s.Caller
	if c == nil || c.Source == nil || a.s.Frame == nil {
		return corpus.Line{}, "", false
	}
	name := lastName(a.s.Frame.Function)
	for _, call := range linefacts.Analyze(c.Source).Calls {
		if call.Name != name || !isIdent(call.Receiver) {
			continue
		}
		cs := site.Site{Frame: c, File: baseName(c.File), Line: c.Line}
		if w, op, ok := cs.AssignmentOf(call.Receiver); ok {
			return corpus.Line{File: cs.File, Number: w.Number, Text: w.Text}, callName(op.RHS), true
		}
	}
	return corpus.Line{}, "", false
}

// raisedNil explains a nil dereference raised inside a library function
// the failing line called: the value it was called on is the usual
// suspect, the other operands of the line the others.
func (a *analysis) raisedNil(candidates []string) {
	raiser := code(qualifiedShort(a.s.Raiser.Function))
	receiver := ""
	for _, c := range a.s.Facts.Calls {
		if c.Name == lastName(a.s.Raiser.Function) && c.Receiver != "" {
			receiver = c.Receiver
		}
	}
	candidates = withChainHandles(candidates)
	cands := a.weighNilCandidates(candidates)
	x, live := pickNilCandidate(cands)
	if (x == "" || x == receiver) && a.explainWrappedNil(raiser, receiver) {
		return
	}
	if x == "" {
		// Without evidence, the value the library function was called on
		// is the usual suspect.
		for _, c := range live {
			if c.Expr == receiver {
				x = receiver
			}
		}
	}
	if x == "" {
		var quoted []string
		for _, c := range live {
			quoted = append(quoted, code(c.Expr))
		}
		list := strings.Join(quoted, ", ")
		a.headline("Nil pointer dereference inside "+raiser+": one of "+list+" is probably nil", "Nil pointer dereference")
		a.why("The dereference happened inside "+raiser+", which this line called with "+list+": one of them is most likely "+code("nil")+"; the trace does not say which.",
			"The dereference happened inside the library function this line called; one of the values it was given is most likely nil.")
		for _, c := range cands {
			a.explainCandidate(c, "")
			if c.NotNil == "" && isIdent(c.Expr) {
				a.nilOrigin(c.Expr, false)
			}
		}
		a.fix("Check each of them for " + code("nil") + " before this line (or log them) to see which one it is, then fix where that value is made.")
		return
	}
	a.culprit = x
	nilWhat := code(x) + " is most likely " + code("nil")
	if _, held, ok := a.typedNilIn(x); ok {
		a.headline("Nil pointer dereference: "+code(x)+" holds a nil "+code(held), "Nil pointer dereference")
		nilWhat = "the " + code(held) + " that " + code(x) + " holds is most likely " + code("nil")
	} else {
		a.headline("Nil pointer dereference: "+code(x)+" is probably nil", "Nil pointer dereference")
	}
	role := "called on " + code(x)
	if x != receiver {
		role = "called with " + code(x)
	}
	others := ""
	if len(live) > 1 {
		var quoted []string
		for _, c := range live {
			if c.Expr != x {
				quoted = append(quoted, code(c.Expr))
			}
		}
		others = " (or " + strings.Join(quoted, " or ") + ")"
	}
	a.why("The dereference happened inside "+raiser+", which this line "+role+"; so "+nilWhat+others+".",
		"The dereference happened inside the library function this line called; the value it was called on is most likely nil.")
	for _, c := range cands {
		if c.Expr != x && c.NotNil != "" {
			a.explainCandidate(c, x)
		}
	}
	for _, c := range cands {
		if c.Expr == x && len(c.Unset) > 0 {
			// A field every literal of its type leaves out, and nothing
			// sets afterwards: the fix is where the value is built.
			a.explainCandidate(c, x)
			a.fix(a.nilGuard(x), "Or check "+code(x+" == nil")+" before this line and handle the missing value.")
			return
		}
	}
	if a.nilExplainedByItsSetting(cands, x) || a.fieldFromDroppedError(x) || a.neverSetField(x) || a.embeddedLeftOut(x) {
		return
	}
	if owner := a.ownerType(x); owner != "" && strings.Count(x, ".") == 1 && a.explainCopiedBeforeSet(owner, lastSelector(x)) {
		return
	}
	if !strings.Contains(x, ".") || strings.Contains(x, "(") {
		// A field read on this line (s.db) was read through a value that
		// is not nil, or the line would have panicked itself: where its
		// root came from says nothing of the field.
		a.nilOrigin(x, false)
	}
	if a.fixedAtOrigin {
		return
	}
	a.fix(a.nilGuard(x),
		"Check "+code(x+" == nil")+" before this line and handle the missing value.")
	if owner := a.ownerType(x); owner != "" {
		if ctor, _, ok := a.constructorFor(owner, lastSelector(x)); ok {
			a.fix("Make sure "+code(lastSelector(x))+" is always set where the "+code(owner)+" is built, at "+quoteLine(ctor)+".",
				"Make sure it is always set where the value is built.")
		} else if src := a.app(); src != nil {
			// Out of the report's sight: the module's literal that
			// leaves the field out.
			if unset, ok := src.leftUnset(owner, lastSelector(x), a.typeDir(owner)); ok && len(unset) > 0 {
				a.fix("Make sure "+code(lastSelector(x))+" is always set where the "+code(owner)+" is built, at "+a.cite(unset[0].Line)+".",
					"Make sure it is always set where the value is built.")
			}
		}
	}
}

// fieldEvidence reports whether the candidate x is a field shown to be
// left unset where its value is built: where its owner came from adds
// nothing then.
func fieldEvidence(cands []nilCandidate, x string) bool {
	for _, c := range cands {
		if c.Expr == x {
			return len(c.Unset) > 0 || c.Built != nil
		}
	}
	return false
}

// windowErrBranch reads, from the source window, the "if err != nil {"
// check between the assignment on line from and the failing line, and
// whether its block leaves (holds a return, panic, exit or branch at its
// top level): for reports whose source is not parsed.
func (a *analysis) windowErrBranch(from int) (errBranch, bool) {
	check, ok := a.errCheckBetween(from)
	if !ok || a.s.Frame == nil || a.s.Frame.Source == nil {
		return errBranch{}, false
	}
	src := a.s.Frame.Source
	text := func(n int) (string, bool) {
		if i := n - src.StartLine; i >= 0 && i < len(src.Lines) {
			return src.Lines[i], true
		}
		return "", false
	}
	head, _ := text(check.Number)
	indent := head[:indentOf(head)]
	br := errBranch{Check: sourceLine{Path: a.s.Frame.File, Line: check.Number, Text: strings.TrimSpace(head)}}
	for n := check.Number + 1; ; n++ {
		l, ok := text(n)
		if !ok || n >= a.s.Line {
			return errBranch{}, false // the block's end is not in view
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(l, indent+"}") {
			return br, true
		}
		if br.First.Path == "" && t != "" {
			br.First = sourceLine{Path: a.s.Frame.File, Line: n, Text: t}
		}
		for _, leave := range []string{"return", "panic(", "os.Exit(", "log.Fatal", "continue", "break", "goto "} {
			if strings.HasPrefix(t, leave) {
				br.Leaves = true
			}
		}
	}
}

// joinName returns a headline naming the value ch it is about, or the
// headline alone when the value is not known.
func joinName(headline, ch string) string {
	if ch == "" {
		return headline
	}
	return headline + ": " + code(ch)
}

// nilExplainedByItsSetting explains the nil value x by where the failure
// happened rather than by the value: a crash in a goroutine, an error
// branch that goes on after the check, a template lookup or a missing
// cookie. It reports whether it did, so that the caller stops there.
func (a *analysis) nilExplainedByItsSetting(cands []nilCandidate, x string) bool {
	if a.r.CreatedBy != nil && a.r.Error.Kind == report.KindCrash {
		a.goroutineNil(x)
		return true
	}
	if br := goesOn(cands, x); br != nil {
		a.explainGoesOn(x, *br)
		return true
	}
	return a.nilTemplateLookup(x) || a.missingCookie(x)
}

// goesOn returns the error check that went on after the call assigning the
// candidate x failed, nil when there is none.
func goesOn(cands []nilCandidate, x string) *errBranch {
	for _, c := range cands {
		if c.Expr == x {
			return c.GoesOn
		}
	}
	return nil
}

// callOrigin adds where the nil value root came from when the window
// assigns it the result of a call (op, on window line w, quoted as l):
// what the call returns, and what the error check after it shows. It
// claims that the call can return nil only on evidence: a return of nil
// in the module's function, or an error check that goes on after a
// failure. sure says that root is certainly the nil value (the line's only
// candidate), so that what follows from that may be said of any function.
func (a *analysis) callOrigin(root string, w site.WindowLine, op linefacts.AssignOp, l corpus.Line, sure bool) {
	if a.explainTestedOnly(root, w, op, l) {
		return
	}
	fn := callName(op.RHS)
	src := a.app()
	var br errBranch
	hasBranch := false
	if src != nil && a.s.Frame != nil && fn != "" && len(op.LHS) > 1 {
		br, hasBranch = src.errBranchAfter(a.s.Frame.File, w.Number)
	}
	if !hasBranch && fn != "" && len(op.LHS) > 1 {
		// No parsed source: the window's lines show the check.
		br, hasBranch = a.windowErrBranch(w.Number)
	}
	if hasBranch && !br.Leaves {
		a.explainGoesOn(root, br)
		return
	}
	if !hasBranch && a.explainUsedBeforeChecked(root, w, op) {
		return
	}
	var nilNil, nils []sourceLine
	if src != nil && fn != "" {
		if len(op.LHS) > 1 {
			nilNil = src.nilReturns(fn)
		} else {
			nils = src.nilReturns(fn)
		}
	}
	if len(nilNil) > 0 || len(nils) > 0 {
		a.nilReturned = true
		a.why(code(root)+" comes from "+quoteLine(l)+", which can return "+code("nil")+".", code(root)+" comes from "+quoteLine(l)+".")
	} else {
		a.why(code(root) + " comes from " + quoteLine(l) + ".")
	}
	// The check proves a nil error only when its branch leaves; a
	// library's function rarely returns nil without an error, so the
	// claim is made for the module's own functions.
	appFunc := src != nil && fn != "" && len(src.funcs(fn, "")) > 0
	if hasBranch && br.Leaves && (appFunc || sure) {
		a.nilReturned = true // nil with a nil error: the callee's "nothing found"
		a.why("Its error is checked at " + a.cite(br.Check) + " and the code leaves when it is not " + code("nil") + ", so if " + code(root) + " is the " + code("nil") + " value, " + code(fn) + " returned " + code("nil") + " together with a " + code("nil") + " error: look at what it returns when it finds nothing.")
	}
	switch {
	case len(nilNil) > 0:
		a.why(code(fn) + " returns " + code("nil") + " with a " + code("nil") + " error at " + a.cite(nilNil[0]) + ": the caller's error check passes and the " + code("nil") + " value is used.")
		a.why("A " + code("nil") + " result without an error is a case the caller must handle: here it may be the normal one (nothing found).")
		a.fix("Handle a " + code("nil") + " " + code(root) + " before this line, or make " + code(fn) + " return an error (for example a not-found error) instead of " + code("nil, nil") + " at " + code(a.fileLoc(nilNil[0].Path, nilNil[0].Line)) + " and check for it here" + a.notFoundAnswer() + ".")
	case src != nil && fn != "" && len(op.LHS) == 1:
		nils = a.loggedNilsFirst(nils)
		if len(nils) > 0 {
			a.why(code(fn) + " returns " + code("nil") + " at " + a.cite(nils[0]) + ".")
			if a.explainNilForLoggedError(nils[0]) {
				break
			}
		}
		// A function with one result that fails logs its error
		// and returns nil: the request's log may hold it.
		if line, ok := lastErrorLogLine(a.r); ok {
			a.g.Add(line) // the report's own evidence
			a.why("The request logged "+code(shorten(line, 200))+" before the failure: an error that "+code(fn)+" logged instead of returning is a likely reason it gave "+code("nil")+".",
				"The request logged "+code(shorten(line, 200))+" before the failure, a likely reason for the "+code("nil")+" value.")
			a.fix("Make " + code(fn) + " return its error, and check it here before using " + code(root) + ".")
		}
	case hasBranch && br.Leaves && (appFunc || sure):
		a.fix("Handle a " + code("nil") + " " + code(root) + " before this line, or make " + code(fn) + " return an error (for example a not-found error) instead of " + code("nil, nil") + " when there is nothing to return and check for it here" + a.notFoundAnswer() + ".")
	}
}

// nilOrigin adds what the window shows about where the nil value x came
// from; sure says x is certainly the nil one (see callOrigin).
func (a *analysis) nilOrigin(x string, sure bool) {
	root := linefacts.RootIdent(x)
	if w, op, ok := a.s.AssignmentOf(root); ok {
		l := a.siteLine(w)
		switch {
		case len(op.LHS) > 1 && op.LHS[len(op.LHS)-1] == "_":
			a.discardedOrigin(root, x, quoteLine(l), op.LHS, op.RHS)
		case op.RHS == "" && x != root:
			// A field read through a value declared here: the value is
			// not what is nil, the pointer field is.
			field := strings.TrimPrefix(x, root+".")
			a.why(code(x) + " is a field of " + code(root) + ", declared at " + quoteLine(l) + ": it is " + code("nil") + " when nothing set it, or when what set it gave " + code("nil") + " (a NULL column read into it, a value left out where it was built).")
			a.g.Add(field)
		case op.RHS == "":
			a.why(code(root) + " is declared at " + quoteLine(l) + " without a value, so it is " + code("nil") + " until something assigns it.")
		case a.copiedFromDiscarded(root, op, l):
		case a.contextNilOrigin(root, op, l, sure):
		case mapLookup.MatchString(op.RHS):
			a.nilReturned = true
			a.why(code(root) + " comes from the lookup " + quoteLine(l) + ": looking up a missing key gives the zero value, " + code("nil") + " for a pointer.")
			a.fix("Use the two-result form of the lookup and handle a missing key before using " + code(root) + ".")
		default:
			a.callOrigin(root, w, op, l, sure)
		}
		return
	}
	if a.capturedParameter(root) {
		return
	}
	if v, ok := a.localAssignment(root); ok && len(v.LHS) > 1 && v.LHS[len(v.LHS)-1] == "_" && v.RHS != "" {
		// Above the window: the function's own assignment.
		a.discardedOrigin(root, x, a.cite(v.Line), v.LHS, v.RHS)
		return
	}
	if !a.isParameter(root) && a.explainCallOrigin(root) {
		return
	}
	if a.isParameter(root) && a.s.Caller != nil && !a.followNilParameter(root, sure) {
		a.why(code(root) + " is a parameter of " + code(a.s.Function) + "; its caller " + code(shortFunction(a.s.Caller.Function)) + " at " + code(a.fileLoc(a.s.Caller.File, a.s.Caller.Line)) + " passed it in.")
	}
}

// copiedFromDiscarded explains root set from another variable (user = u,
// at l) that was assigned with its error discarded (u, _ :=
// users.ByEmail(…)) above it: the nil value is that call's. It reports
// whether it did.
func (a *analysis) copiedFromDiscarded(root string, op linefacts.AssignOp, l corpus.Line) bool {
	if len(op.LHS) != 1 || !isIdent(op.RHS) || op.RHS == root {
		return false
	}
	from, ok := a.localAssignment(op.RHS)
	if !ok || from.Line.Line >= l.Number || len(from.LHS) < 2 || from.LHS[len(from.LHS)-1] != "_" || from.RHS == "" {
		return false
	}
	a.g.Add(op.RHS)
	a.why(code(root) + " is set from " + code(op.RHS) + " at " + quoteLine(l) + ".")
	a.discardedOrigin(op.RHS, op.RHS, a.cite(from.Line), from.LHS, from.RHS)
	return true
}

// discardedValueType returns the name of the struct type root holds when
// the call rhs, whose error lhs drops, declares its first result a type
// that cannot be nil; "" otherwise.
func (a *analysis) discardedValueType(root string, lhs []string, rhs string) string {
	src := a.app()
	fn := callName(rhs)
	if src == nil || fn == "" || len(lhs) < 2 || lhs[0] != root {
		return ""
	}
	// The callee as written, its receiver's path included
	// (ctrl.repo.Items.Get), which callName leaves out.
	if call, _, ok := strings.Cut(strings.TrimSpace(rhs), "("); ok && strings.HasSuffix(call, fn) {
		fn = call
	}
	return src.resultNeverNil(fn, 0, len(lhs))
}

// discardedOrigin explains root, assigned with the error of rhs dropped
// at the place quoted: when rhs fails, root is left nil; the fix checks
// the error.
func (a *analysis) discardedOrigin(root, x, quoted string, lhs []string, rhs string) {
	if t := a.discardedValueType(root, lhs, rhs); t != "" && x != root {
		// A struct value is never nil: the failed call gave its zero
		// value, whose pointer field is.
		field := strings.TrimPrefix(x, root+".")
		field, _, _ = strings.Cut(field, ".")
		a.g.Add(t, field)
		a.why(code(root)+" comes from "+quoted+", which discards the error: when the call fails, "+code(root)+" is the zero "+code(t)+", whose "+code(field)+" is "+code("nil")+".",
			code(root)+" comes from "+quoted+", which discards an error: its zero "+code(t)+" has a "+code("nil")+" "+code(field)+".")
	} else {
		a.why(code(root)+" comes from "+quoted+", which discards the error: when "+code(rhs)+" fails, "+code(root)+" is left "+code("nil")+".",
			code(root)+" comes from "+quoted+", which discards an error.")
	}
	check, sentinel := a.droppedErrorCheck(lhs, rhs)
	a.fix(block("Check the error instead of discarding it:", check...),
		"Check the error of "+code(rhs)+" instead of discarding it with "+code("_")+".")
	// A lookup may also give nil with no error (nothing found), unless it
	// says "not found" with a sentinel and never gives nil without an
	// error; a parse does not.
	a.fixedAtOrigin = parsesValue(rhs) || sentinel && len(a.app().nilReturns(callName(rhs))) == 0
}

// droppedErrorCheck returns the code that checks the error the
// assignment lhs := rhs dropped: the assignment with the error named, and
// the answer to it. When the callee says "not found" with a sentinel of
// its own (notFoundSentinelOf), the request reads one resource and the
// function answers its errors itself (it does not return them), that
// sentinel is the client's 404 and any other error a 500; sentinel
// reports so.
func (a *analysis) droppedErrorCheck(lhs []string, rhs string) (lines []string, sentinel bool) {
	lines = []string{strings.Join(replaceLast(lhs, "err"), ", ") + " := " + rhs}
	if s := a.notFoundSentinelOf(rhs); s != "" && a.readsOneResource() && a.inHandler() {
		other := a.answerDropped("if err != nil {", "\thttp.Error(w, err.Error(), http.StatusInternalServerError)")
		if !slices.ContainsFunc(other, func(l string) bool { return strings.TrimSpace(l) == "return err" }) {
			// A function that answers its errors itself; one that
			// returns them leaves the status to its caller.
			a.g.Add("errors.Is", s)
			lines = append(lines, a.answerDropped("if errors.Is(err, "+s+") {", "\thttp.Error(w, err.Error(), http.StatusNotFound)")...)
			return append(lines, other...), true
		}
	}
	return append(lines, a.answerDropped("if err != nil {", "\thttp.Error(w, err.Error(), "+a.discardStatus(rhs)+")")...), false
}

// notFoundSentinelOf returns the sentinel the function the call rhs
// reaches returns for "nothing found" (Module.NotFoundSentinel), as the
// failing function would write it: qualified by the callee's package
// when that is another; "" when the callee is not one function of the
// module or returns none.
func (a *analysis) notFoundSentinelOf(rhs string) string {
	src := a.app()
	fn := callName(rhs)
	if src == nil || src.mod == nil || fn == "" {
		return ""
	}
	if call, _, ok := strings.Cut(strings.TrimSpace(rhs), "("); ok && strings.HasSuffix(call, fn) {
		fn = call
	}
	refs := src.calleesOf(fn)
	if len(refs) != 1 {
		return ""
	}
	s := src.mod.NotFoundSentinel(refs[0].Decl)
	if s == "" || strings.Contains(s, ".") {
		return s
	}
	if a.s.Frame != nil && filepath.Dir(refs[0].File.Path) != filepath.Dir(a.s.Frame.File) {
		s = refs[0].File.Syntax().Name.Name + "." + s
	}
	return s
}

// mapLookup matches an index expression (the whole right-hand side).
var mapLookup = regexp.MustCompile(`^[\w.]+\[[^\]]+\]$`)

// replaceLast returns names with its last element replaced by with.
func replaceLast(names []string, with string) []string {
	out := append([]string(nil), names...)
	out[len(out)-1] = with
	return out
}

// isFuncValue reports whether a call on the failing line calls a func
// value (a field, variable or parameter of func type) rather than a
// declared function or method: the corpus declares "name func(...)".
func (a *analysis) isFuncValue(c linefacts.CallOp) bool {
	if c.Name == "" || grounding.Predeclared(c.Name) || (c.Receiver != "" && a.isPackageName(linefacts.RootIdent(c.Receiver))) {
		return false
	}
	decl := compiled(`(?:^|[\s(,])` + regexp.QuoteMeta(c.Name) + `\s+func\s*\(`)
	if _, ok := a.c.First(decl); ok {
		return true
	}
	return a.funcTypedInSource(c)
}

// nilFunc explains a call of a nil func value.
func (a *analysis) nilFunc(c linefacts.CallOp) {
	a.f.Class = ClassNilFunc
	a.culprit = c.Fun
	a.headline("Call of a nil function: "+code(c.Fun)+" is nil", "Call of a nil function value")
	if c.Indexed {
		a.why("The line calls " + code(c.Fun) + ", a func value read by index: a map gives the zero value, " + code("nil") + ", for a missing key, and calling a nil func panics with a nil pointer dereference.")
	} else {
		a.why("The line calls " + code(c.Fun) + ", a variable or field of func type that was never set: its value is " + code("nil") + ", and calling a nil func panics with a nil pointer dereference.")
	}
	if l, ok := a.c.First(compiled(`(?:^|[\s(,])` + regexp.QuoteMeta(c.Name) + `\s+func\s*\(`)); ok && c.Name != "" {
		a.why("It is declared at " + quoteLine(l) + ".")
	}
	a.fix(block("Skip the call when it is not set:", a.funcGuard(c)...),
		"Check "+code(c.Fun+" != nil")+" before calling it.")
	if c.Indexed {
		a.fix("Or make sure every key or position the code calls holds a function, where the map or slice is filled.")
		return
	}
	if owner := a.ownerType(c.Fun); owner != "" {
		if b, ok := a.builderLacking(owner, c.Name); ok {
			// The module's one literal of the type that leaves the
			// field out, wherever it is.
			a.g.AddScanned(a.fileLoc(b.Line.Path, b.Line.Line))
			a.fix("Or set " + code(c.Name) + " where the " + code(owner) + " is built, at " + a.cite(b.Line) + ": that literal leaves it out.")
			return
		}
		if ctor, _, ok := a.constructorFor(owner, c.Name); ok {
			a.fix("Or set " + code(c.Name) + " where the " + code(owner) + " is built, at " + quoteLine(ctor) + ".")
			return
		}
	}
	a.fix("Or give it a value (a function) where the value holding it is created.")
}

// ownerType returns the type whose field expr selects, when expr is a field
// of the failing method's receiver ("Store" for "s.cache" in (*Store).Put).
//
// A parameter of the failing function, or of the function whose literal
// failed, gives its declared type too ("Backend" for "b.Change" in func
// register(api huma.API, b Backend)).
func (a *analysis) ownerType(expr string) string {
	if strings.Count(expr, ".") != 1 {
		return ""
	}
	root := linefacts.RootIdent(expr)
	fn := enclosingFunc(a.s.Function)
	if recv := receiverType(fn); recv != "" {
		// The receiver's name shows in the method's declaration line.
		decl := compiled(`^func\s*\(\s*` + regexp.QuoteMeta(root) + `\s+\*?\s*` + regexp.QuoteMeta(recv) + `\b`)
		if _, ok := a.c.First(decl); ok {
			return recv
		}
		return ""
	}
	if src := a.app(); src != nil && a.s.Frame != nil {
		// The module's declaration of the function holding the line.
		if _, fd := src.funcAt(a.s.Frame.File, a.s.Line); fd != nil {
			for _, p := range fd.Type.Params.List {
				for _, n := range p.Names {
					if n.Name == root {
						return lastSelector(strings.TrimLeft(astutil.ExprString(p.Type), "*"))
					}
				}
			}
			return ""
		}
	}
	decl := compiled(`^func\s+` + regexp.QuoteMeta(lastSelector(fn)) + `\s*(?:\[[^\]]*\])?\(([^)]*)\)`)
	l, ok := a.c.First(decl)
	if !ok {
		return ""
	}
	return paramType(decl.FindStringSubmatch(strings.TrimSpace(l.Text))[1], root)
}

// paramType returns the type name (its last part, no pointer) a Go
// parameter list gives the parameter called name: "Backend" for b in
// "api huma.API, b Backend", and for a in "a, b Backend"; "" when the
// list has no such parameter.
func paramType(params, name string) string {
	var pending []string
	for _, p := range strings.Split(params, ",") {
		fs := strings.Fields(p)
		switch len(fs) {
		case 1:
			pending = append(pending, fs[0])
		case 2:
			pending = append(pending, fs[0])
			for _, n := range pending {
				if n == name {
					return lastSelector(strings.TrimLeft(fs[1], "*"))
				}
			}
			pending = nil
		default:
			pending = nil
		}
	}
	return ""
}

// builderLacking returns the module's one composite literal of the type
// called owner, declared in the failing frame's package, that sets other
// fields but leaves field out, tests aside; false when none or several
// do.
func (a *analysis) builderLacking(owner, field string) (builder, bool) {
	src := a.app()
	if src == nil || a.s.Frame == nil {
		return builder{}, false
	}
	dir := filepath.Dir(a.s.Frame.File)
	var lacking []builder
	for _, b := range src.builders(owner) {
		// A zero literal (Backend{}, for a spec that never calls the
		// handlers) and a test's are no construction the app serves
		// with; one that sets other fields but not this one is.
		if b.Dir != "" && b.Dir != dir || b.All || b.Sets[field] || len(b.Sets) == 0 || strings.HasSuffix(b.Line.Path, "_test.go") {
			continue
		}
		lacking = append(lacking, b)
	}
	if len(lacking) != 1 {
		return builder{}, false
	}
	return lacking[0], true
}

// typeLiterals returns the composite literals of the type called name in
// the report's source, those inside a New... function first.
func (a *analysis) typeLiterals(name string) []corpus.Line {
	lit := compiled(`&?\b` + regexp.QuoteMeta(name) + `\{`)
	var ctors, other []corpus.Line
	for _, l := range a.c.Find(lit) {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l.Text), "type "):
		case strings.HasPrefix(lastSelector(l.Symbol), "New"):
			ctors = append(ctors, l)
		default:
			other = append(other, l)
		}
	}
	return append(ctors, other...)
}

// constructorFor returns the literal of the type called name, in the
// report's source, that leaves field unset (a function that builds
// several values of the type, one without its map), in typeLiterals'
// order; when every one sets it, the first, and sets true.
func (a *analysis) constructorFor(name, field string) (ctor corpus.Line, sets, ok bool) {
	lits := a.typeLiterals(name)
	if len(lits) == 0 {
		return corpus.Line{}, false, false
	}
	for _, l := range lits {
		if !a.literalSets(l, field) {
			return l, false, true
		}
	}
	return lits[0], true, true
}

// literalSets reports whether the composite literal starting at l sets
// field (a "field:" key on one of its lines, up to the closing brace).
func (a *analysis) literalSets(l corpus.Line, field string) bool {
	key := compiled(`\b` + regexp.QuoteMeta(field) + `\s*:`)
	depth := 0
	started := false
	// The literal's lines, in order: the corpus holds several chunks of
	// a file, not sorted, and a chunk may end inside the literal.
	text := map[int]string{}
	for _, cl := range a.c {
		if cl.File == l.File && cl.Number >= l.Number && cl.Number <= l.Number+40 {
			text[cl.Number] = cl.Text
		}
	}
	for n := l.Number; n <= l.Number+40; n++ {
		lineText, ok := text[n]
		if !ok {
			break
		}
		cl := corpus.Line{File: l.File, Number: n, Text: lineText}
		text := cl.Text
		if cl.Number == l.Number {
			if i := strings.Index(text, "{"); i >= 0 {
				text = text[i:]
			}
		}
		if key.MatchString(text) {
			return true
		}
		for _, r := range text {
			switch r {
			case '{':
				depth++
				started = true
			case '}':
				depth--
			}
		}
		if started && depth <= 0 {
			return false
		}
	}
	return false
}

// noBoundsGiven says why the message names no index and no length;
// noSliceBoundsGiven does the same for slice bounds.
const (
	noBoundsGiven      = "The message gives neither the index nor the length (Go releases before 1.13 did not print them)"
	noSliceBoundsGiven = "The message gives neither the bounds nor the length (Go releases before 1.13 did not print them)"
)

// indexRangeUnknown explains "index out of range" without the index and
// the length when the line does not show a single index expression that
// can fail: viable are those it shows.
func (a *analysis) indexRangeUnknown(viable []linefacts.IndexOp) {
	a.headline("Index out of range")
	if len(viable) > 1 {
		var quoted []string
		for _, ix := range viable {
			quoted = append(quoted, code(ix.X+"["+ix.Index+"]"))
		}
		a.why("One of " + strings.Join(quoted, ", ") + " used an index outside the slice, array or string it reads; the trace does not say which. " + noBoundsGiven + ".")
		a.fix("Check the length of each with " + code("len") + " before indexing, and handle the short case.")
		return
	}
	a.why("An index expression used an index outside the slice, array or string it reads: below 0, or not below its length. " + noBoundsGiven + ", so the dump does not tell which index it was.")
	a.fix("Check the length with " + code("len") + " before indexing, and handle the short case.")
}

var numberPattern = regexp.MustCompile(`^-?\d+$`)

func isNumber(s string) bool { return numberPattern.MatchString(s) }

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// sliceBounds explains "slice bounds out of range [lo:hi] with length n".
func (a *analysis) sliceBounds() {
	bounds, limit, length := a.f.Captures["bounds"], a.f.Captures["limit"], a.f.Captures["length"]
	facts := a.s.Facts
	facts.Slices = slicesOfShape(facts.Slices, bounds)
	if bounds == "" {
		a.sliceBoundsUnknown(facts.Slices)
		return
	}
	if len(facts.Slices) == 0 {
		a.headline("Slice bounds out of range [" + bounds + "]")
		a.why("A slice expression asked for bounds [" + bounds + "], outside what the slice, array or string holds. Bounds must satisfy 0 <= low <= high <= capacity.")
		a.fix("Check " + code("len") + " (or " + code("cap") + ") before slicing and clamp the bounds.")
		return
	}
	if len(facts.Slices) > 1 {
		var quoted []string
		for _, sl := range facts.Slices {
			e := sl.X + "[" + sl.Low + ":" + sl.High
			if sl.Max != "" {
				e += ":" + sl.Max
			}
			quoted = append(quoted, code(e+"]"))
		}
		a.headline("Slice bounds out of range [" + bounds + "]: one of " + strings.Join(quoted, ", "))
		a.why("One of " + strings.Join(quoted, ", ") + " asked for bounds [" + bounds + "], outside what it slices; the trace does not say which. Bounds must satisfy 0 <= low <= high <= capacity.")
		a.fix("Check " + code("len") + " (or " + code("cap") + ") of each before slicing and clamp the bounds.")
		return
	}
	t := facts.Slices[0]
	expr := t.X + "[" + t.Low + ":" + t.High
	if t.Max != "" {
		expr += ":" + t.Max
	}
	expr += "]"
	a.culprit = expr
	a.headline("Slice bounds out of range: "+code(expr), "Slice bounds out of range")
	parts := strings.Split(bounds, ":")
	switch {
	case limit != "" && len(parts) >= 2:
		a.why(code(expr) + " asked for bounds [" + bounds + "], but " + code(t.X) + " has " + limit + " " + length + ". Slicing past the end panics; it does not stop early.")
	case len(parts) >= 2 && parts[0] != "" && parts[1] != "":
		a.why(code(expr) + " asked for bounds [" + bounds + "]: the start is after the end.")
	default:
		a.why(code(expr) + " asked for bounds [" + bounds + "], outside " + code(t.X) + ".")
	}
	// A bound read from a field is fixed where the field is set: the
	// runtime's value of it is the bound it reports.
	for i, b := range []string{t.Low, t.High} {
		if i < len(parts) && b != "" && !isNumber(b) && a.boundFieldOrigin(b, parts[i], false) {
			break
		}
	}
	negative := ""
	for i, b := range []string{t.Low, t.High} {
		if i < len(parts) && strings.HasPrefix(strings.TrimSpace(parts[i]), "-") {
			negative = firstNonEmpty(b, "the bound")
		}
	}
	switch {
	case negative != "":
		// min(n, len(x)) keeps a negative n: only a test of the sign
		// helps.
		a.why("A bound below 0 never fits, whatever the length: clamping it to the length keeps it negative.")
		a.fix("Test the sign of " + code(negative) + " before slicing: decide what a negative value means there (no limit, or nothing), and keep it from reaching the slice.")
	case t.High != "" && t.Low == "" && t.Max == "":
		a.fix(block("Clamp the end to the length:", t.X+"[:min("+t.High+", len("+t.X+"))]"),
			"Clamp the end of the slice to "+code("len("+t.X+")")+".")
	default:
		a.fix("Check " + code("len("+t.X+")") + " before slicing and keep 0 <= low <= high <= len.")
	}
	if w, _, ok := a.s.AssignmentOf(linefacts.RootIdent(t.X)); ok && isIdent(t.X) {
		a.why(code(t.X) + " comes from " + quoteLine(a.siteLine(w)) + ".")
	}
}

// sliceBoundsUnknown explains "slice bounds out of range" without the
// bounds and the length, for the slice expressions of the failing line.
func (a *analysis) sliceBoundsUnknown(slices []linefacts.SliceOp) {
	const rule = " Bounds must satisfy 0 <= low <= high <= capacity."
	var quoted []string
	for _, sl := range slices {
		e := sl.X + "[" + sl.Low + ":" + sl.High
		if sl.Max != "" {
			e += ":" + sl.Max
		}
		quoted = append(quoted, code(e+"]"))
	}
	switch len(slices) {
	case 0:
		a.headline("Slice bounds out of range")
		a.why("A slice expression asked for bounds outside what the slice, array or string holds, or a start after the end." + rule + " " + noSliceBoundsGiven + ", so the dump does not tell which bound was wrong.")
		a.fix("Check " + code("len") + " (or " + code("cap") + ") before slicing and clamp the bounds, so that the start is never after the end.")
	case 1:
		a.culprit = strings.Trim(quoted[0], "`")
		a.headline("Slice bounds out of range: "+quoted[0], "Slice bounds out of range")
		a.why(quoted[0] + " asked for bounds outside " + code(slices[0].X) + ", or a start after the end." + rule + " " + noSliceBoundsGiven + ".")
		a.fix("Check " + code("len("+slices[0].X+")") + " before slicing and keep 0 <= low <= high <= len.")
	default:
		a.headline("Slice bounds out of range")
		a.why("One of " + strings.Join(quoted, ", ") + " asked for bounds outside what it slices, or a start after the end; the trace does not say which." + rule + " " + noSliceBoundsGiven + ".")
		a.fix("Check " + code("len") + " (or " + code("cap") + ") of each before slicing and clamp the bounds.")
	}
}

// typeAssertion explains "interface conversion: ...".
func (a *analysis) typeAssertion() {
	caps := a.f.Captures
	want, actual, method := caps["want"], caps["actual"], caps["method"]
	facts := a.s.Facts
	var target linefacts.AssertOp
	found := false
	for _, as := range facts.Asserts {
		if as.Type == want || as.Type == unqualify(want) {
			target, found = as, true
			break
		}
	}
	if !found && len(facts.Asserts) == 1 {
		target, found = facts.Asserts[0], true
	}
	if found && actual == "nil" && method == "" {
		lhs := ""
		for _, as := range facts.Assigned {
			if strings.HasSuffix(as.RHS, target.X+".("+target.Type+")") && len(as.LHS) == 1 {
				lhs = as.LHS[0]
			}
		}
		if a.explainMissingContextValue(target.X, target.Type, lhs) {
			a.culprit = target.X + ".(" + target.Type + ")"
			return
		}
	}
	assertion := "The type assertion"
	if found {
		assertion = code(target.X + ".(" + target.Type + ")")
		a.culprit = target.X + ".(" + target.Type + ")"
		a.headline("Failed type assertion: "+code(a.culprit), "Failed type assertion")
	} else {
		a.headline("Failed interface conversion")
	}
	twins := a.sameNameTypes(assertion, want, caps["twins"])
	switch {
	case twins:
	case method != "":
		a.why(assertion + " failed: the value's type " + code(actual) + " has no method " + code(method) + ", so it does not implement " + code(want) + ".")
	case actual == "nil":
		a.why(assertion + " failed: the interface holds no value at all (" + code("nil") + "), so it cannot be " + code(want) + ". A one-result type assertion panics when it does not match.")
	default:
		a.why(assertion + " failed: the value holds " + aCode(actual) + ", not " + aCode(want) + ". A one-result type assertion panics when the dynamic type differs.")
	}
	if found && strings.Contains(target.X, "Value(") {
		if l, ok := a.c.First(compiled(`WithValue\(`)); ok {
			a.why("The value is stored with " + quoteLine(l) + "; the type stored there must be the one asserted here.")
		}
	}
	if found && method == "" && a.jsonAssertion(target, want, actual) {
		return
	}
	stored := found && method == "" && actual != "" && actual != "nil" && !twins && (a.storedTypeFix(target, actual) || a.storedFieldFix(target, actual))
	if stored {
		// The value is stored as another type on every request: the
		// comma-ok form would only hide the mismatch.
		return
	}
	if found {
		lhs := ""
		for _, as := range facts.Assigned {
			if strings.HasSuffix(as.RHS, target.X+".("+target.Type+")") && len(as.LHS) == 1 {
				lhs = as.LHS[0]
			}
		}
		// A field or an element cannot be declared with ":=": the value
		// is asserted into v and stored after the check.
		v, store := lhs, []string(nil)
		if lhs == "" || lhs == "_" || !isIdent(lhs) {
			v = freshName(a.s.Text, "v", "val", "value")
			a.g.Add(v) // the name the snippet introduces
			if lhs != "" && lhs != "_" {
				store = []string{lhs + " = " + v}
			}
		}
		var alts []string
		if a.assertedFromRequest(target.X) {
			// Only a value the client sent is answered with 400.
			lines := append([]string{v + ", ok := " + target.X + ".(" + target.Type + ")"}, a.answerAndReturn("if !ok {", "\thttp.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)")...)
			alts = append(alts, block("Use the two-result form, which reports a mismatch instead of panicking:", append(lines, store...)...))
		}
		if lhs != "" && lhs != "_" {
			a.fix(append(alts, block("Use the two-result form, which reports a mismatch instead of panicking:", append([]string{v + ", ok := " + target.X + ".(" + target.Type + ")", "if !ok {", "\t// handle the unexpected type", "}"}, store...)...),
				"Use the two-result form of the type assertion, which reports a mismatch in a boolean instead of panicking.")...)
		} else {
			a.fix("Use the two-result form of the type assertion, which reports a mismatch in a boolean instead of panicking.")
		}
	} else {
		// The assertion is not in view, but only a one-result type
		// assertion panics this way.
		a.fix("Use the two-result form of the type assertion that failed, which reports a mismatch in a boolean instead of panicking.")
	}
	if actual != "" && actual != "nil" && method == "" && !twins {
		a.fix("Or store " + aCode(want) + " where the value is set, or assert the type that is really stored (" + code(actual) + ").")
	} else if actual == "nil" {
		a.fix("Or make sure a value is always stored before it is read here.")
	}
}

// unqualify drops package qualifiers from a type: "*main.Post" -> "*Post".
func unqualify(t string) string {
	return compiled(`\b\w+\.`).ReplaceAllString(t, "")
}

// divideByZero explains "integer divide by zero".
func (a *analysis) divideByZero() {
	facts := a.s.Facts
	if len(facts.Divisions) == 0 {
		a.headline("Integer divide by zero")
		a.why("An integer division or remainder on this line had a divisor of 0. Integer division by zero panics (floating-point division does not).")
		a.fix("Check the divisor before dividing and handle 0.")
		return
	}
	d := facts.Divisions[0]
	a.culprit = d.Y
	a.headline("Integer divide by zero: "+code(d.Y)+" is 0", "Integer divide by zero")
	a.why(code(d.X+" "+d.Op+" "+d.Y) + " divides by " + code(d.Y) + ", which was 0. Integer division or remainder by zero panics (floating-point division does not).")
	if isIdent(d.Y) {
		if w, _, ok := a.s.AssignmentOf(d.Y); ok {
			if cond, branch := a.conditionalAssignment(w.Number); branch {
				a.ungroundedSource(d.Y, w, cond)
			} else {
				a.why(code(d.Y) + " comes from " + quoteLine(a.siteLine(w)) + "; nothing between there and here rules out 0.")
			}
		} else if src := a.requestSource(d.Y); src != "" {
			a.why("It may come from " + src + ".")
		}
	}
	if isIdent(d.Y) && a.computedLocally(d.Y) {
		// Computed here, not read from the client: rejecting the request
		// as bad input would be wrong.
		a.fix(block("Divide only when the divisor is not 0, and decide what the result is otherwise:", "if "+d.Y+" != 0 {", "	// "+d.X+" "+d.Op+" "+d.Y, "}"),
			"Divide only when "+code(d.Y)+" is not 0, and decide what the result is otherwise.")
		a.fix(code(d.Y) + " is computed in this function, not read from the request, so a 0 here is a case the code must handle (for an average over nothing, say, a result of 0 or no value), not bad input.")
		return
	}
	if a.explainUnsetSettingField(d.Y) {
		a.fix(block("Divide only when the divisor is not 0:", "if "+d.Y+" != 0 {", "\t// "+d.X+" "+d.Op+" "+d.Y, "}"),
			"Divide only when "+code(d.Y)+" is not 0.")
		return
	}
	if a.divisorFromCall(d) {
		return
	}
	if a.divisorFromRequest(d.Y) {
		a.fix(block("Reject (or replace) a zero divisor before dividing:", a.guard(d.Y+" == 0", "http.StatusBadRequest")...),
			"Check "+code(d.Y+" == 0")+" before dividing and answer 400 Bad Request (or use a default): the value comes from the request.")
		a.fix("Validate the value where it is read from the request, giving a sensible default when it is missing.")
		return
	}
	a.divisorNotInput(d)
}

// channel explains send on a closed channel and close of a closed or nil
// channel.
func (a *analysis) channel() {
	facts := a.s.Facts
	ch := ""
	switch a.f.Class {
	case ClassSendClosed:
		if len(facts.Sends) > 0 {
			ch = facts.Sends[0]
		}
	default:
		if len(facts.Closes) > 0 {
			ch = facts.Closes[0]
		}
	}
	a.culprit = ch
	name := "the channel"
	if ch != "" {
		name = code(ch)
	}
	var closes []corpus.Line
	if ch != "" {
		closes = a.c.Find(compiled(`\bclose\(\s*(?:[\w.]+\.)?` + regexp.QuoteMeta(lastSelector(ch)) + `\s*\)`))
	}
	var elsewhere []string
	for _, l := range closes {
		if l.File == a.s.File && l.Number == a.s.Line {
			continue
		}
		elsewhere = append(elsewhere, quoteLine(l))
	}
	switch a.f.Class {
	case ClassSendClosed:
		a.headline(joinName("Send on closed channel", ch), "Send on closed channel")
		a.why("This line sends on " + name + " after it was closed. A send on a closed channel always panics; only receiving from it is allowed (and returns the zero value at once).")
		if len(elsewhere) > 0 {
			a.why("It is closed at " + strings.Join(elsewhere, ", ") + ".")
		}
		a.fix("Close a channel only on the sending side, once, after the last send: wait for every sender (a " + code("sync.WaitGroup") + ") and close after that wait returns.")
		a.fix("To tell senders to stop, use a separate channel or a " + code("context.Context") + " instead of closing the channel they send on.")
	case ClassCloseClosed:
		a.headline(joinName("Close of closed channel", ch), "Close of closed channel")
		a.why("This line closes " + name + ", which was already closed. Closing a channel twice panics.")
		if len(elsewhere) > 0 {
			a.why("It is also closed at " + strings.Join(elsewhere, ", ") + ".")
		}
		a.fix("Close each channel exactly once, from the one goroutine that owns it (the sender).")
		a.fix("When several paths may close it, guard the close with a " + code("sync.Once") + ".")
	case ClassCloseNil:
		a.headline("Close of nil channel "+name, "Close of nil channel")
		a.why("This line closes " + name + ", which is " + code("nil") + ": it was declared but never created with " + code("make") + ". Closing a nil channel panics (and sending to or receiving from one blocks forever).")
		if _, typ, ok := a.declaration(lastSelector(ch)); ok && strings.HasPrefix(typ, "chan") {
			a.fix(block("Create the channel before using it:", ch+" = make("+typ+")"), "Create the channel with "+code("make")+" before using it.")
		} else {
			a.fix("Create the channel with " + code("make") + " before using it.")
		}
	}
}

// negativeWaitGroup explains "sync: negative WaitGroup counter".
func (a *analysis) negativeWaitGroup() {
	wg := ""
	for _, c := range a.s.Facts.Calls {
		if (c.Name == "Done" || c.Name == "Add") && c.Receiver != "" {
			wg = c.Receiver
			break
		}
	}
	a.culprit = wg
	if wg == "" {
		a.headline("Negative WaitGroup counter")
		a.why("A " + code("sync.WaitGroup") + "'s counter went below zero: it was told more goroutines finished than were added.")
		a.fix("Call the WaitGroup's Add once per goroutine, before starting it, and its Done exactly once in each goroutine (with " + code("defer") + ").")
		return
	}
	a.headline("Negative WaitGroup counter on "+code(wg), "Negative WaitGroup counter")
	a.why("This line took the counter of " + code(wg) + " below zero: more goroutines reported they finished than were added to it, so one path calls Done twice or an Add is missing (or runs too late, inside the goroutine).")
	adds := a.c.Find(compiled(`\b` + regexp.QuoteMeta(lastSelector(wg)) + `\.(?:Add|Done)\(`))
	var shown []string
	for _, l := range adds {
		if l.File == a.s.File && l.Number == a.s.Line {
			continue
		}
		shown = append(shown, quoteLine(l))
	}
	if len(shown) > 0 {
		a.why("Other updates of the counter: " + strings.Join(shown, ", ") + ".")
	}
	a.fix(block("Add before starting each goroutine, and call Done exactly once inside it:", wg+".Add(1)", "go func() {", "\tdefer "+wg+".Done()", "\t// ...", "}()"),
		"Add before starting each goroutine, and call Done exactly once inside it, with "+code("defer")+".")
	a.fix("Make sure no path calls Done a second time (for example both in a " + code("defer") + " and at the end of the function).")
}

// stackOverflow explains "goroutine stack exceeds ... limit".
func (a *analysis) stackOverflow() {
	fn := ""
	counts := map[string]int{}
	for _, f := range a.r.Frames {
		n := max(f.Repeat, 1)
		counts[f.Function] += n
		if counts[f.Function] > 1 && fn == "" {
			fn = f.Function
		}
	}
	a.headline("Stack overflow: unbounded recursion")
	if fn == "" {
		a.why("A chain of calls never ended, until the goroutine's stack hit its limit (1 GB on 64-bit systems).")
		a.fix("Find the function that calls itself (directly or through others) and give it a base case that stops the recursion.")
		return
	}
	short := shortFunction(fn)
	a.culprit = short
	a.why(code(short) + " calls itself (directly or through other functions) without ever stopping, until the goroutine's stack hit its limit.")
	switch lastName(fn) {
	case "String", "Error", "MarshalJSON", "Format":
		a.why("A " + code(lastName(fn)) + " method that formats or marshals its own receiver calls itself again through the fmt or encoding/json machinery.")
		a.fix("Inside " + code(short) + ", format the fields one by one, or convert the receiver to a type without the method first, so it does not call itself.")
	default:
		a.fix("Give " + code(short) + " a base case that stops the recursion, and check that every recursive call moves toward it.")
	}
}

// concurrentMap explains the runtime's "concurrent map writes" fatal error.
func (a *analysis) concurrentMap() {
	m := ""
	if len(a.s.Facts.Indexes) > 0 {
		m = a.s.Facts.Indexes[0].X
	}
	a.culprit = m
	name := "a map"
	if m != "" {
		name = code(m)
	}
	a.headline("Concurrent map access")
	if l, held := a.lockHeldAtSite(); held && m != "" {
		a.why("Two goroutines used " + name + " at the same time, at least one of them writing. Maps are not safe for concurrent use; the runtime detects this and stops the whole program (it cannot be recovered).")
		a.explainHeldLock(m, l)
		return
	}
	a.why("Two goroutines used " + name + " at the same time, at least one of them writing. Maps are not safe for concurrent use; the runtime detects this and stops the whole program (it cannot be recovered)." + a.concurrencyNote())
	a.fix("Guard every read and write of " + name + " with a " + code("sync.Mutex") + " (or " + code("sync.RWMutex") + ") stored next to it.")
	a.fix("Run the tests with the race detector (go test -race) to find every unguarded access.")
}

// concurrencyNote says where the concurrent goroutines come from: the
// HTTP server's per-request goroutines, or the program's own.
func (a *analysis) concurrencyNote() string {
	if a.servesHTTP() {
		return " An HTTP server runs each request in its own goroutine, so shared maps need a lock."
	}
	return " Every goroutine that uses a shared map needs to hold the same lock."
}

// forThis names what a failure is specific to: the request when one was
// served, the run otherwise.
func (a *analysis) forThis() string {
	if a.servesHTTP() {
		return "for this request"
	}
	return "in this run"
}

// readsOneResource reports whether the request reads one resource (a GET
// or HEAD), so that a value found missing is the client's 404. Other
// requests (a signup, a form post) may expect nothing to be found.
func (a *analysis) readsOneResource() bool {
	m := a.r.Request.Method
	return m == "GET" || m == "HEAD"
}

// notFoundAnswer is the clause that answers a not-found error with a 404,
// for a request that reads one resource; "" otherwise.
func (a *analysis) notFoundAnswer() string {
	if a.readsOneResource() {
		return ", answering 404 when it is not found"
	}
	return ""
}

// nilGuard is the fix that checks x for nil before use: in a handler of
// a request that reads one resource it answers 404; elsewhere a nil may
// be the normal case, so the snippet leaves its handling to the code. An
// error variable is no value to test for nil: it is nil where the code
// took a failure path wrongly, and that is what the fix says.
func (a *analysis) nilGuard(x string) string {
	if isIdent(x) && strings.HasSuffix(strings.ToLower(x), "err") {
		// An error read as a failure's on a path where nothing failed:
		// a test of it here would hide why the path was taken.
		return code(x) + " is " + code("nil") + " on this line: the code took its failure path though no call set the error. Find what chose this path (the condition, the switch or the check above the line) and why it chose it when nothing had failed; a test of " + code(x) + " here would only hide that."
	}
	if declared, held, ok := a.typedNilIn(x); ok {
		// A check of x == nil is false for an interface holding a nil
		// pointer: the fix is where the pointer was left nil.
		return "Set the value where it is made, as above: " + code(x+" == nil") + " would not catch it, since " + code(x) + " is a " + code(declared) + " (an interface) holding a nil " + code(held) + ", and an interface that holds a nil pointer is not " + code("nil") + "."
	}
	if m, ok := a.madeByCode(x); ok {
		return a.codeMadeGuard(x, m)
	}
	if a.nilIsFailure && a.inHandler() {
		// The nil stands for a failure the callee logged: a server error.
		return block("Then check it before use and answer with an error instead of panicking:", a.guard(x+" == nil", "http.StatusInternalServerError")...)
	}
	var guard string
	if a.readsOneResource() || !a.inHandler() {
		guard = block("Check it before use and answer with an error instead of panicking:", a.guard(x+" == nil", "http.StatusNotFound")...)
	} else {
		guard = block("Check it before use and handle the "+code("nil")+" case instead of panicking (it may be the normal one, such as nothing found):", "if "+x+" == nil {", "\t// handle it: nothing was found", "}")
	}
	if !a.nilReturned {
		// Nothing shows nil to be a value x may rightly have: unless the
		// code already has this check (dropFixesTheCodeHas), the guard
		// gives way to where to look (ungroundedGuards).
		a.ungrounded = append(a.ungrounded, ungroundedGuard{guard: guard, x: x})
	}
	return guard
}

// ungroundedGuard is a nil check offered with nothing to show that nil is
// a value the checked expression may rightly have.
type ungroundedGuard struct{ guard, x string }

// replaceUngroundedGuards drops each nil check offered without grounds
// that is still among the fixes (the code does not have it) when another
// fix is there, and otherwise turns it into where to look: a check before
// the line would only hide why the value is nil.
func (a *analysis) replaceUngroundedGuards() {
	for _, u := range a.ungrounded {
		for i, it := range a.d.Fixes {
			if len(it) == 0 || it[0] != u.guard {
				continue
			}
			if len(a.d.Fixes) > 1 {
				// Another fix says where the value is made (the dropped
				// error to check): the guard adds nothing but a cover.
				a.d.Fixes = append(a.d.Fixes[:i], a.d.Fixes[i+1:]...)
				break
			}
			a.d.Fixes[i] = draft.Item{"Find where " + code(u.x) + " gets its value on the way to this line, and why it is " + code("nil") + " there (a value left unset, an error dropped on the way, a lookup that found nothing): fix it there. A check of " + code(u.x+" == nil") + " before this line would only hide the cause."}
		}
	}
}

// missingValueHint says how a missing value is usually handled, for the
// guard's fallback text.
func (a *analysis) missingValueHint() string {
	if a.servesHTTP() {
		return " (return an error, or answer 404 when the request names something that does not exist)"
	}
	return " (return an error or use a default)"
}

// deadlock explains "all goroutines are asleep - deadlock!".
func (a *analysis) deadlock() {
	a.headline("Deadlock: all goroutines are asleep")
	a.why("Every goroutine is blocked (on a channel, a mutex or a WaitGroup) and none can ever continue. The offline analyzer cannot tell which wait is wrong from the message alone.")
	a.fix("Look at the line where this goroutine waits: a receive with no sender, a send with no receiver on an unbuffered channel, or a lock taken twice.")
	a.blockedGoroutines()
}

// blockedGoroutines lists where the other goroutines of a hang wait in
// the app's code, and who started them.
func (a *analysis) blockedGoroutines() {
	if len(a.r.Goroutines) == 0 {
		return
	}
	var lines []string
	for _, g := range a.r.Goroutines {
		app := firstOfKind(g.Frames, func(k string) bool { return k == report.FrameApp })
		if app == nil {
			continue
		}
		a.g.Add(app.Function, app.File, g.State)
		line := "goroutine " + itoa(g.ID) + " waits (" + g.State + ") in " + code(shortFunction(app.Function)) + " at " + code(a.fileLoc(app.File, app.Line))
		if g.Count > 1 {
			line += ", with " + itoa(g.Count-1) + " more the same way"
		}
		if c := g.CreatedBy; c != nil {
			a.g.Add(c.Function, c.File)
			line += "; started by " + code(shortFunction(c.Function)) + " at " + code(a.fileLoc(c.File, c.Line))
		}
		lines = append(lines, "- "+line)
	}
	if len(lines) > 0 {
		a.note("The other goroutines waiting in the app's code:\n\n" + strings.Join(lines, "\n"))
	}
}

// transactionMisuse explains msg as a transaction used after its end, a
// failed one used on, or a statement run on the pool beside it; it
// reports whether one of them did.
func (a *analysis) transactionMisuse(msg string) bool {
	return a.txDone(msg) || a.txAborted(msg) || a.poolWhileTx(msg) || a.unendedTransaction(msg)
}

// unknown explains an error the analyzer does not recognise.
func (a *analysis) unknown() {
	e := a.r.Error
	msg := strings.TrimSpace(a.f.Message)
	if a.explicitPanic() {
		a.deliberatePanic(msg)
		return
	}
	if strings.Contains(msg, `""`) {
		if a.explainEmptySetting(msg) {
			a.f.Class = ClassEmptySetting
			return
		}
		if m, ok := a.findInputMismatch(); ok {
			a.f.Class = ClassInputName
			a.headline("An empty value: a request input read under the wrong name")
			a.why("The error says " + code(shorten(msg, 120)) + ": the value was empty.")
			a.explainMismatch(m)
			return
		}
	}
	if a.explainUnsetEnv(msg) {
		a.f.Class = ClassEmptySetting
		return
	}
	if l, ok := a.findLostSentinel(); ok {
		a.f.Class = ClassLostSentinel
		a.headline(sentinelHeadline(l), "An error wrapped without %w")
		a.why("The error says " + code(shorten(msg, 120)) + ".")
		a.explainLostSentinel(l)
		return
	}
	if (e.Kind == report.KindStatus || e.Kind == report.KindError) && emptyBody(e.Message) {
		// A logged error may still say what a transaction did.
		if a.fromLog == "" || !a.transactionMisuse(msg) {
			a.emptyMessage()
		}
		return
	}
	if a.rejectedInput() || a.rejectedArgument(msg) || a.unpastedFailure(msg) || a.transactionMisuse(msg) || a.dsnSettingsSwapped(msg) || a.nilArgumentFromDiscard(msg) || a.assertBehindTextWrap() || a.optionLeftEmpty(msg) || a.aesKeySize(msg) || a.errorWordsKnown(msg) {
		return
	}
	a.headline("Error: " + code(shorten(msg, 100)))
	typ := ""
	if e.Type != "" {
		typ = " (" + code(e.Type) + ")"
	}
	switch {
	case a.fromLog != "":
		a.why("The offline analyzer does not recognise the logged error, so it cannot say more than the log line: " + code(shorten(msg, 200)) + ".")
	case e.Kind == report.KindStatus && failureclass.SaysNothing(msg):
		a.headline("The app answered " + a.statusWords() + " without saying what failed")
		a.why("The response says only " + code(shorten(msg, 120)) + ", and the request logged no error.")
	default:
		a.why("The offline analyzer does not recognise this error" + typ + ", so it cannot say more than its message: " + code(shorten(msg, 200)) + ".")
	}
	if len(e.Chain) > 0 {
		var chain []string
		for _, c := range e.Chain {
			chain = append(chain, code(shorten(c, 120)))
		}
		a.why("It wraps " + strings.Join(chain, ", then ") + ".")
	}
	if l, ok := a.errorMadeAt(msg); ok && !e.HandedOver && (a.s.Frame == nil || l.Line != a.s.Line || baseName(l.Path) != baseName(a.s.File)) {
		a.why("Its message matches the error made at " + a.cite(l) + ".")
		if a.madeValueGiven(msg) {
			return
		}
	}
	if e.Kind == report.KindStatus && !a.writtenByLibrary() {
		a.explainBranch()
	}
	if a.writtenByLibrary() && a.namedInMessage(msg) {
		return
	}
	if e.Kind == report.KindStatus && a.explainDebugLoggedError() {
		a.unseenLeads(false)
		return
	}
	if e.Kind == report.KindStatus && !e.HandedOver && a.fromLog == "" && (a.unseenCauses() || a.unseenLeads(true)) {
		return
	}
	if l, ok := a.innermostWords(); ok && e.HandedOver {
		a.fix("Read " + code(l.Func) + " around " + code(a.fileLoc(l.Path, l.Line)) + ", which writes the innermost of the words of the message found in the module, and check what makes it fail " + a.forThis() + ".")
	} else if l, ok := a.errorMadeAt(msg); ok && e.HandedOver {
		a.fix("Read " + code(l.Func) + " around " + code(a.fileLoc(l.Path, l.Line)) + ", where the error is made, and check what makes it fail " + a.forThis() + ".")
	} else if e.HandedOver {
		a.fix("Find where the route's handler returns this error (its message: " + code(shorten(msg, 80)) + ") and check what makes it fail " + a.forThis() + ".")
	} else if f, ok := a.reportingFrame(); ok {
		a.fix("Read " + code(shortFunction(f.Function)) + " around " + code(a.fileLoc(f.File, f.Line)) + " and the call that produced the error, and check what makes it fail " + a.forThis() + ".")
	} else if a.s.Frame != nil && !a.writtenByLibrary() {
		a.fix("Read " + code(a.s.Function) + " around " + code(loc(a.s.File, a.s.Line)) + " and the call that produced the error, and check what makes it fail " + a.forThis() + ".")
	}
	if (e.Kind == "status" || e.Kind == "error") && clientSide.MatchString(msg) && !serverSide.MatchString(msg) {
		a.fix("When the error is expected for some requests (bad input), answer it with a 4xx status instead of 500.")
	}
}

// emptyMessage explains an error status the app wrote without a message
// (or with only the link http.Redirect writes): the request's last log
// line, when there is one, is the lead.
func (a *analysis) emptyMessage() {
	status := a.statusWords()
	redirect := a.redirectWithErrorStatus()
	switch {
	case a.fromLog != "":
		a.headline("The app wrote " + status + " with no message; the request logged " + code(shorten(a.fromLog, 80)))
		if failureclass.LooksLikeError(a.fromLog) {
			a.why("The offline analyzer does not recognise that logged error, so it cannot say more than the log line.")
		}
	default:
		if a.r.Error.Kind == report.KindStatus && !redirect && a.unseenCauses() {
			// The failed call reaches a fault the source shows.
			return
		}
		a.headline("The app wrote " + status + " with no message")
		if fn, place, ok := superfluousWrite(a.r); ok {
			a.g.Add(fn, place)
			a.why("The response has no message, and the request logged no error: only net/http's note that " + code(fn) + " wrote a status again at " + code(place) + ", after this one. The report does not say what failed; only the line that wrote the status does, and the function went on past it.")
			if a.s.Frame != nil {
				a.fix("Return right after writing the error status at " + code(loc(a.s.File, a.s.Line)) + ", so that nothing is written after it (net/http logged the second write at " + code(place) + ").")
			}
			break
		}
		if a.explainDebugLoggedError() {
			break
		}
		logged := "the request logged nothing"
		if len(a.r.Logs) > 0 {
			logged = "the request logged no error"
		}
		a.why("The response has no message and " + logged + ", so the report does not say what failed; only the line that wrote the status does.")
	}
	if redirect {
		a.why("The line calls " + code("http.Redirect") + " with an error status: it writes that status (with at most a link as the body) instead of redirecting, since clients only follow 3xx statuses.")
		a.fix("To redirect, use a 3xx status ("+code("http.StatusSeeOther")+" or "+code("http.StatusFound")+"); to report a failure, use "+code("http.Error")+" with a message that says what failed.",
			"To redirect, use a 3xx status (303 See Other or 302 Found); to report a failure, write the error status with a message that says what failed.")
	} else {
		a.fix("Write a message with the status ("+code("http.Error")+" with the error's text) and log the error, so the failure says what went wrong.",
			"Write a message with the status and log the error, so the failure says what went wrong.")
	}
	if a.s.Frame != nil {
		a.fix("Read " + code(a.s.Function) + " around " + code(loc(a.s.File, a.s.Line)) + " to see which condition leads to this line.")
	}
}

// statusWords names the status the app wrote: "status 500", or "an
// error status" when the report does not hold it.
func (a *analysis) statusWords() string {
	if a.r.Status != 0 {
		return "status " + itoa(a.r.Status)
	}
	return "an error status"
}

// redirectWithErrorStatus reports whether the status was written by
// http.Redirect: the library frame that wrote it, or the failing line.
func (a *analysis) redirectWithErrorStatus() bool {
	for _, f := range a.r.Frames {
		if f.Function == "net/http.Redirect" {
			return true
		}
	}
	return strings.Contains(a.s.Text, "http.Redirect(")
}

// deliberatePanic explains a panic the app's failing line raises itself
// with panic(...), whatever the report's kind.
func (a *analysis) deliberatePanic(msg string) {
	a.f.Class = ClassDeliberatePanic
	if a.errorWordsKnown(msg) {
		// panic(err) of an error whose words say what failed.
		return
	}
	a.headline("Deliberate panic")
	a.why("The code calls " + code("panic") + " here on purpose, with " + code(shorten(msg, 160)) + ".")
	if a.panicsForUnrecognised(msg) {
		return
	}
	if a.servesHTTP() {
		a.fix("If this can happen for a request (bad input, a missing record), return an error and answer it with a status instead of panicking.")
	} else {
		a.fix("If this can happen in normal use (bad input, a missing record), return an error to the caller instead of panicking, and handle it there.")
	}
}

// errorWordsKnown explains an error the failure classes do not name but
// whose words the module's source explains (a statement no transaction
// may hold, sqlx's missing named parameter, an upsert's conflict target,
// a type a registry does not know); whether it did.
func (a *analysis) errorWordsKnown(msg string) bool {
	return a.txRefused(msg) || a.namedParamMissing(msg) || a.conflictTarget(msg) || a.unregistered()
}

// shorten cuts s to at most n runes, marking the cut.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// errCheckBetween finds an "if err != nil" test between line from and the
// failing line.
func (a *analysis) errCheckBetween(from int) (corpus.Line, bool) {
	re := compiled(`err\s*!=\s*nil`)
	for _, l := range a.s.LinesAbove() {
		if l.Number <= from {
			break
		}
		if re.MatchString(l.Text) {
			return a.siteLine(l), true
		}
	}
	return corpus.Line{}, false
}

// withChainHandles adds to candidates the handle each call chain on a
// field starts from ("s.db" for "s.db.NewSelect()"): a query builder's
// method called on a nil handle returns a value that carries the nil,
// and the library panics a step later, so the handle is the suspect that
// a constructor or an assignment can leave nil.
func withChainHandles(candidates []string) []string {
	out := append([]string(nil), candidates...)
	have := map[string]bool{}
	for _, c := range candidates {
		have[c] = true
	}
	for _, c := range candidates {
		h := chainHandle(c)
		if h != "" && !have[h] {
			have[h] = true
			out = append(out, h)
		}
	}
	return out
}

// chainHandle returns the selector a call chain starts from, without its
// calls ("s.db" for "s.db.NewSelect().Model(a)"); "" when x is no call on
// a field.
func chainHandle(x string) string {
	h := x
	for strings.HasSuffix(h, ")") {
		depth, open := 0, -1
		for i := len(h) - 1; i >= 0; i-- {
			switch h[i] {
			case ')':
				depth++
			case '(':
				depth--
			}
			if depth == 0 {
				open = i
				break
			}
		}
		if open <= 0 {
			return ""
		}
		h = h[:open]
		dot := strings.LastIndexByte(h, '.')
		if dot < 0 {
			return ""
		}
		h = h[:dot]
	}
	if h == x || strings.Count(h, ".") < 1 || strings.ContainsAny(h, "()[] ") {
		return ""
	}
	return h
}
