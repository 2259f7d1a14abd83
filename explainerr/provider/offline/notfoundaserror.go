package offline

import "strings"

// notFoundPass explains a lookup that found nothing answered as a server
// error.
var notFoundPass = &pass{
	name:    "not-found-as-error",
	doc:     "A lookup that found nothing answered as a server error: the app's own not-found error and the status it should map to.",
	classes: []Class{ClassNotFound},
	needs:   []need{needModule},
	explain: always((*analysis).notFound),
}

// notFound explains a "not found" error answered as a server error.
func (a *analysis) notFound() {
	msg := strings.TrimSpace(a.f.Message)
	if a.txDone(msg) || a.txAborted(msg) {
		// "author not found: sql: transaction has already been
		// committed": the lookup failed on its transaction, not for a
		// missing record.
		return
	}
	if !a.servesHTTP() {
		a.notFoundOutsideHTTP(msg)
		return
	}
	if a.explainLoggedUnchecked() {
		return
	}
	call, hasCall := a.failingCall(compiled(`err\s*:?=`))
	if hasCall {
		a.culprit = strings.TrimSpace(call.Text)
		if nc, ok := a.readNilContract(call.Text); ok {
			a.headline("A lookup answered \"not found\" with an error where its caller expects nil")
			a.why("The error says " + code(shorten(msg, 120)) + ".")
			a.explainNilContract(nc)
			return
		}
	}
	if l, ok := a.findLostSentinel(); ok {
		// The code's own test says how it means to answer the case: not
		// necessarily with a 404 (a cache miss is computed, a missing
		// user in a reset form is not told).
		a.headline("A missing record answered as a server error")
		a.why("The error says " + code(shorten(msg, 120)) + ", and the code tests for that case, but the test does not match this error.")
		a.explainLostSentinel(l)
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	if a.zeroKeyNotFound(msg) || a.lostWrap(msg) {
		return
	}
	if nc, ok := a.readNilContractInReach(); ok {
		// "record not found" of a store the stack does not show, whose
		// caller (an upsert) tests the lookup's result for nil.
		a.headline("A lookup answered \"not found\" with an error where its caller expects nil")
		a.why("The error says " + code(shorten(msg, 120)) + ".")
		a.explainNilContract(nc)
		return
	}
	if a.notFoundNotAsked(msg) {
		return
	}
	a.headline("A missing record answered as a server error")
	a.why("The error says " + code(shorten(msg, 120)) + ": a lookup found nothing. When the request named something that does not exist, that is the client's error (a 4xx: 404, or what the app answers for it), yet it reached the generic error path and became a 500.")
	if a.notFoundWrapKept(msg) {
		return
	}
	check, hasCheck := a.errorsIsCheck()
	if hasCheck {
		a.why("The handler does test for it at " + quoteLine(check) + ", so the error that came back does not match that test: it says \"not found\" but does not wrap the sentinel error. This happens when the error is made with " + code(`fmt.Errorf`) + " and " + code(`"%v"`) + " (or " + code(`"%s"`) + ") instead of " + code(`"%w"`) + ", or with a fresh " + code("errors.New") + ".")
		if hasCall {
			a.fix("Find where the error returned at " + quoteLine(call) + " is created and wrap the sentinel with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees it.")
		} else {
			a.fix("Find where the error is created and wrap the sentinel with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees it.")
		}
	} else if l, ok := a.callerTestOfSite(); ok {
		// A caller the stack does not show tests the error it gets.
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		if at, name, ok := a.sentinelCopy(msg, l); ok {
			a.why("The error's way out tests it at " + a.cite(l) + ", but the error is made anew at " + a.cite(at) + " with the text of " + code(name) + ": another value, which " + code("errors.Is") + " does not match.")
			a.fix("At " + code(a.fileLoc(at.Path, at.Line)) + ", return " + code(name) + " itself (or wrap it with " + code(`"%w"`) + ") in place of a new error with its text.")
			a.fix("Keep 500 for the other errors: those are real failures.")
			return
		}
		a.why("The error's way out tests it at " + a.cite(l) + ", so the error that came back does not match that test: on its way there it was made with " + code("fmt.Errorf") + " and " + code(`"%v"`) + " (or " + code(`"%s"`) + ") instead of " + code(`"%w"`) + ", or anew with " + code("errors.New") + ".")
		a.fix("Find where the error is made between " + code(a.fileLoc(a.s.Frame.File, a.s.Line)) + " and that test, and wrap what it carries with " + code(`"%w"`) + ", so the test sees it.")
	} else {
		a.fix("Return a sentinel error (wrapped with " + code(`"%w"`) + ") for the not-found case, and check it with " + code("errors.Is") + " where the error is handled, answering 404 Not Found.")
	}
	a.fix("Keep 500 for the other errors: those are real failures.")
}

// notFoundWrapKept explains a not-found error whose message the app makes
// with %w: what it wraps is still there, so the fault is that nothing
// tests it, or a lookup that misses a record that exists. It reports
// whether it did.
func (a *analysis) notFoundWrapKept(msg string) bool {
	l, ok := a.errorMadeAt(msg)
	if !ok || !strings.Contains(l.Text, "%w") {
		return false
	}
	if a.explainStatusByAssertion(l) {
		return true
	}
	if m := wrappedArg.FindStringSubmatch(l.Text); m != nil {
		if check, target, ok := a.equalityTestOf(m[1]); ok {
			// The path does test the sentinel, by a comparison the wrap
			// defeats.
			a.explainEqualAfterWrap(lostSentinel{Check: check, Target: target, Wrap: textWrap{Line: l, Arg: m[1], Verb: "w"}, Equal: true})
			return true
		}
	}
	a.why("Its message is made at " + a.cite(l) + " with " + code("%w") + ", so the not-found error it wraps is still there to test; nothing on the error's path answers it with a 404.")
	a.fix("Where the error is answered, test for that not-found error (" + code("errors.Is") + " with its sentinel, " + code("errors.As") + " with its type, or its library's own test) and answer 404 Not Found; keep 500 for the other errors.")
	if l.Func != "" {
		a.fix("If the record does exist, the lookup in " + code(l.Func) + " does not find it: read the conditions of its query.")
	}
	return true
}

// callerTestOfSite is callerErrorTest for the failing site's line; false
// when the failure has no site.
func (a *analysis) callerTestOfSite() (sourceLine, bool) {
	if a.s.Frame == nil {
		return sourceLine{}, false
	}
	if l, ok := a.app().reachedSentinelTest(a.reached(), a.f.Message); ok {
		return l, true
	}
	return a.app().callerErrorTest(sourceLine{Path: a.s.Frame.File, Line: a.s.Line}, a.f.Message)
}
