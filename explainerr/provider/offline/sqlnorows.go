package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// noRowsPass explains sql.ErrNoRows answered as a server error.
var noRowsPass = &pass{
	name:    "sql-no-rows",
	doc:     "sql.ErrNoRows answered as a server error: the query that found nothing and the check that should have turned it into a 404.",
	classes: []Class{ClassNoRows},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).noRows),
}

// noRows explains sql.ErrNoRows, or pgx's ErrNoRows.
func (a *analysis) noRows() {
	target, text := a.noRowsSentinel()
	if a.outsideTxSays() {
		return
	}
	a.headline("No row found: " + code(text))
	if l, ok := a.findLostSentinel(); ok {
		// The handler already tests for it: advising the test again would
		// be wrong; what broke it is the wrap.
		a.headline(sentinelHeadline(l))
		a.why("A single-row query matched no row, so its Scan returned " + code(target) + ".")
		a.explainLostSentinel(l)
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	if check, ok := a.errorsIsCheck(); ok && strings.Contains(check.Text, "ErrNoRows") {
		a.why("A single-row query matched no row, so its Scan returned " + code(target) + ".")
		if w, ok := a.textWrapOf(target); ok {
			a.why("The handler does test for it at " + quoteLine(check) + ", yet the error that came back does not match: it is made at " + a.cite(w.Line) + ", which formats " + code(w.Arg) + " with " + code(`"%`+w.Verb+`"`) + ", so it no longer wraps " + code(target) + ".")
			a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(`"%`+w.Verb+`"`) + " at " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", so that " + code("errors.Is") + " sees " + code(target) + " and the handler answers as it intends.")
			a.fix("Keep 500 for the other errors: those are real failures.")
			return
		}
		if l, ok := a.errorMadeAt(errorText(a.f.Message)); ok {
			if m := textVerbWrap.FindStringSubmatch(l.Text); m != nil {
				a.why("The handler does test for it at " + quoteLine(check) + ", yet the error that came back does not match: its message is made at " + a.cite(l) + ", which formats the error with " + code(`"%`+m[1]+`"`) + ", so it no longer wraps " + code(target) + ".")
				a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(`"%`+m[1]+`"`) + " at " + code(a.fileLoc(l.Path, l.Line)) + ", so that " + code("errors.Is") + " sees " + code(target) + " and the handler answers as it intends.")
				a.fix("Keep 500 for the other errors: those are real failures.")
				return
			}
		}
		a.why("The handler does test for it at " + quoteLine(check) + ", yet the error that came back does not match: on its way here it was made into text (" + code("fmt.Errorf") + " with " + code(`"%v"`) + " or " + code(`"%s"`) + ", or " + code("errors.New(err.Error())") + "), so it no longer wraps " + code(target) + ".")
		a.fix("Find where the error is wrapped between the query and this check and wrap it with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees " + code(target) + ".")
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	if a.sentinelSwapped(target) || a.noRowsCheckedElsewhere(target) || a.notFoundTranslationLost(target) || a.noRowsFromDroppedInput(target) {
		return
	}
	call, hasCall := a.queryCallLine()
	nc, contract := nilContract{}, false
	if hasCall {
		nc, contract = a.readNilContract(call.Text)
	}
	if !contract {
		nc, contract = a.readNilContractAtSites()
	}
	if !contract {
		nc, contract = a.readNilContractInReach()
	}
	if contract {
		a.headline("A lookup answered \"no rows\" with an error where its caller expects nil")
		a.why("A single-row query matched no row, so its Scan returned " + code(target) + ".")
		a.explainNilContract(nc)
		return
	}
	inCallee, followed := sourceLine{}, false
	if hasCall && !a.runsQuery(site.WindowLine{Number: call.Number, Text: call.Text}) {
		inCallee, followed = a.queryInCallee(call)
	}
	switch {
	case hasCall && a.runsQuery(site.WindowLine{Number: call.Number, Text: call.Text}):
		a.culprit = strings.TrimSpace(call.Text)
		a.why("The query at " + quoteLine(call) + " matched no row, so its Scan returned " + code(target) + ". For a query that looks a record up by a value from the request, that is the normal \"not found\" case, not a server error.")
	case followed:
		a.culprit = inCallee.Text
		a.why("The query at " + a.cite(inCallee) + " matched no row, so its Scan returned " + code(target) + "; the failing code called " + code(inCallee.Func) + " at " + quoteLine(call) + " and got the error back. For a query that looks a record up by a value from the request, that is the normal \"not found\" case, not a server error.")
	case hasCall && callName(call.Text) != "":
		a.culprit = strings.TrimSpace(call.Text)
		a.why("A single-row query run inside " + code(callName(call.Text)) + " (called at " + quoteLine(call) + ") matched no row, so its Scan returned " + code(target) + ". Either the values it looks up with are wrong (check which value is passed), or the record is legitimately missing and should be a 404, not a 500.")
	default:
		a.why("A single-row query matched no row, so its Scan returned " + code(target) + ". For a lookup by a value from the request, that is the normal \"not found\" case, not a server error.")
	}
	if rl := a.requestLine(); rl != "" {
		a.why("The request was " + rl + ".")
	}
	w, textWrapped := a.textWrapOf(target)
	lost := !textWrapped && a.lostInChain(target)
	if len(a.r.Error.Chain) > 0 && !textWrapped && !lost {
		a.why("The app wrapped it as " + code(shorten(a.r.Error.Message, 120)) + "; " + code("errors.Is") + " still finds it through wrapping with " + code("fmt.Errorf") + ".")
	}
	if textWrapped {
		// A test with errors.Is would not see it until the wrap keeps it.
		a.why("The error is made at " + a.cite(w.Line) + ", which formats " + code(w.Arg) + " with " + code(`"%`+w.Verb+`"`) + ": the message keeps the text, but the error no longer wraps " + code(target) + ", so " + code("errors.Is") + " cannot see it.")
		a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(`"%`+w.Verb+`"`) + " at " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", so that " + code("errors.Is") + " can find " + code(target) + ".")
	} else if lost {
		a.why("The error's chain does not hold " + code(target) + " itself, only its text: on its way here it was made into text (" + code("fmt.Errorf") + " with " + code(`"%v"`) + ", or " + code("errors.New(err.Error())") + "), so " + code("errors.Is") + " cannot see it.")
		a.fix("Find where the error is made into text and wrap it with " + code(`"%w"`) + " instead, so that " + code("errors.Is") + " can find " + code(target) + ".")
	}
	if l, ok := a.statusHelperAnswers404(); ok && (textWrapped || lost) {
		// The failing line's status helper has its 404: the wrap is
		// what keeps the error from it.
		a.g.Add(l.Func, l.Text)
		a.why(code(l.Func) + ", called on the failing line, already answers 404 Not Found for the not-found errors it recognises, at " + a.cite(l) + ": once the error keeps what it wraps, it is answered so.")
		return
	}
	if textWrapped || lost {
		// A function on the error's way out, reached from the stack,
		// already tests for it: the wrap is what keeps it from that test.
		onPath := func(from appsource.FuncRef) bool {
			return a.stackReaches(func(r appsource.FuncRef) bool { return r.Decl == from.Decl })
		}
		if check, ok := a.moduleErrorsIs(target, onPath); ok {
			a.g.Add(check.Func, check.Text)
			a.why("The request's path already tests for it, at " + a.cite(check) + ": once the error keeps what it wraps, that test sees it and the app answers as it means to.")
			return
		}
	}
	a.fix(block("Answer a missing row with 404 Not Found where the error is handled:", a.errorIs(target, "http.StatusNotFound")...),
		"Check "+code("errors.Is(err, "+target+")")+" where the error is handled and answer 404 Not Found instead of 500.",
		"Check for "+code(target)+" with "+code("errors.Is")+" where the error is handled and answer 404 Not Found instead of 500.")
	a.fix("Keep 500 for the other errors: those are real failures.")
}

// statusHelperAnswers404 returns the line of a module function called on
// the line of one of the failing stack's first app frames
// (getRespStatus(err)) that answers 404 Not Found.
func (a *analysis) statusHelperAnswers404() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	for i, fr := range a.r.AppFrames() {
		if i == 3 {
			break
		}
		f, fd := src.mod.FuncAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		for _, ref := range src.mod.CalleesOnLine(f, fd, fr.Line) {
			lines := ref.File.Lines()
			start, end := src.fset.Position(ref.Decl.Pos()).Line, src.fset.Position(ref.Decl.End()).Line
			for n := start; n <= end && n <= len(lines); n++ {
				if strings.Contains(lines[n-1], "StatusNotFound") && !strings.Contains(lines[n-1], "StatusText(") {
					return sourceLine{Path: ref.File.Path, Line: n, Text: strings.TrimSpace(lines[n-1]), Func: funcName(ref.Decl)}, true
				}
			}
		}
	}
	return sourceLine{}, false
}

// noRowsSentinel returns the sentinel of a single-row query that matched
// nothing, as the app's driver returns it, and its text: database/sql's
// sql.ErrNoRows ("sql: no rows in result set"), or pgx's ErrNoRows ("no
// rows in result set"), which an app using pgx's own interface gets.
func (a *analysis) noRowsSentinel() (target, text string) {
	for _, m := range append([]string{a.f.Message}, a.s.Messages...) {
		if strings.Contains(m, knownSentinels["sql.ErrNoRows"]) {
			return "sql.ErrNoRows", knownSentinels["sql.ErrNoRows"]
		}
	}
	for _, m := range append([]string{a.f.Message}, a.s.Messages...) {
		if strings.Contains(m, knownSentinels["pgx.ErrNoRows"]) {
			return "pgx.ErrNoRows", knownSentinels["pgx.ErrNoRows"]
		}
	}
	return "sql.ErrNoRows", knownSentinels["sql.ErrNoRows"]
}

// textVerbWrap matches an fmt.Errorf call that formats an error with %v or
// %s, and captures the verb.
var textVerbWrap = regexp.MustCompile(`fmt\.Errorf\(.*%([vs]).*\berr\w*\s*\)`)
