package offline

import (
	"strings"
)

// emptyOrigin adds, for an index out of range on an empty slice x, where
// the empty value was made one step back: the constructor that never fills
// a field, or the function that returned it (directly, or through the
// caller when x is a parameter).
func (a *analysis) emptyOrigin(x string) {
	src := a.app()
	if src == nil {
		return
	}
	name, recv := a.siteDecl()
	if recv != "" && strings.Count(x, ".") == 1 && rootIdent(x) == src.receiverOf(name, recv) {
		field := lastSelector(x)
		if unset, ok := src.leftUnset(recv, field); ok && len(unset) > 0 && !src.setsField(field) {
			a.why(code(recv) + " is built without " + code(field) + " at " + a.cite(unset[0].Line) + ", and nothing in the app assigns or appends to " + code(field) + ", so it is always empty.")
			a.fix("Fill " + code(field) + " where the " + code(recv) + " is built, or check its length here and answer that there is nothing yet.")
		}
		return
	}
	if !isIdent(x) {
		return
	}
	if _, op, ok := a.s.assignmentOf(x); ok {
		if empty, ok := src.emptyResult(callName(op.RHS)); ok && callName(op.RHS) != "" {
			a.why(code(callName(op.RHS)) + " returns an empty result when nothing matches: " + a.cite(empty) + ".")
		}
		return
	}
	params, _ := src.params(name, recv)
	caller := a.s.Caller
	if !contains(params, x) || caller == nil || caller.Source == nil {
		return
	}
	i := 0
	for j, p := range params {
		if p == x {
			i = j
		}
	}
	for _, call := range analyzeLine(caller.Source).Calls {
		if call.Name != name || i >= len(call.Args) {
			continue
		}
		arg := strings.TrimSpace(call.Args[i])
		a.why(code(x) + " is a parameter of " + code(a.s.Function) + "; its caller " + code(shortFunction(caller.Function)) + " passes " + code(arg) + " at " + code(loc(baseName(caller.File), caller.Line)) + ".")
		if !isIdent(arg) {
			return
		}
		cs := site{Frame: caller, File: baseName(caller.File), Line: caller.Line}
		if w, op, ok := cs.assignmentOf(arg); ok {
			a.emptyFrom(arg, callName(op.RHS), corpusLine{File: cs.File, Number: w.Number, Text: w.Text})
		}
		a.fix("Check " + code("len("+arg+")") + " in " + code(shortFunction(caller.Function)) + " before calling " + code(name) + ", and answer that nothing matched.")
		return
	}
}

// emptyFrom says that v comes from a call of fn at l, and where fn makes
// an empty result.
func (a *analysis) emptyFrom(v, fn string, l corpusLine) {
	if fn == "" {
		return
	}
	if empty, ok := a.app().emptyResult(fn); ok {
		a.why(code(v) + " comes from " + quoteLine(l) + ", and " + code(fn) + " returns an empty result when nothing matches: " + a.cite(empty) + ".")
	}
}
