package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// nilMapField explains a write to a nil map field of the failing method's
// receiver from the app's source: the places that build the receiver's
// type without creating the map. It reports false, having written nothing,
// when the source does not show them.
func (a *analysis) nilMapField(m string) bool {
	src := a.app()
	if src == nil || strings.Count(m, ".") != 1 {
		return false
	}
	name, recv := a.siteDecl()
	if recv == "" || linefacts.RootIdent(m) != src.receiverOf(name, recv) {
		return false
	}
	field := lastSelector(m)
	// Types of one name in several packages (productdb.Store and
	// usercache.Store): only the literals of the failing method's own.
	unset, ok := src.leftUnset(recv, field, a.typeDir(recv))
	if !ok || len(unset) == 0 || src.setsFieldOf(recv, field) {
		return false
	}
	var at []string
	for _, b := range unset {
		at = append(at, a.cite(b.Line))
	}
	a.why(code(recv) + " is built without creating " + code(field) + " at " + strings.Join(at, "; ") + ", so every " + code(recv) + " built there has a " + code("nil") + " map.")
	if decl, _, ok := src.structFieldIn(a.typeDir(recv), recv, field); ok {
		a.why(code(field) + " is declared at " + a.cite(decl) + ".")
	}
	typ := src.fieldType(recv, field)
	first := unset[0].Line
	where := code(a.fileLoc(first.Path, first.Line))
	if first.Func != "" {
		where = code(first.Func) + " (" + where + ")"
	}
	fresh, perCall := a.receiverMadePerCall()
	shared := (a.r.CreatedBy != nil || a.servesHTTP()) && !perCall
	if typ != "" {
		a.fix(block("Create the map where the "+code(recv)+" is built, in "+where+":", field+": make("+typ+"),"),
			"Create "+code(field)+" with "+code("make")+" where the "+code(recv)+" is built, in "+where+".")
		if !shared {
			// Made lazily by concurrent requests, the map would race.
			a.fix(block("Or create it lazily, just before the first write:", "if "+m+" == nil {", "\t"+m+" = make("+typ+")", "}"),
				"Or create it lazily, just before the first write.")
		}
	} else {
		a.fix("Create " + code(field) + " with " + code("make") + " where the " + code(recv) + " is built, in " + where + ".")
	}
	if perCall {
		a.why("Each run of that code makes its own " + code(recv) + ": " + code(fresh.Name) + " is made at " + a.cite(fresh.Made) + ", and nothing else holds it before this write. No other request shares it, so the map needs no lock.")
		return true
	}
	if a.receiverPassedThrough() && a.r.CreatedBy == nil {
		// Whether other requests share the value is decided further up
		// the stack: no lock is advised, and no sharing claimed.
		return true
	}
	if a.sharedMap(code(m) + ", in the one " + code(recv) + " that serves them") {
		a.fieldLockFix(m, recv, typ)
	}
	return true
}

// nilMapPass explains a write to a map that was never made.
var nilMapPass = &pass{
	name:    "nil-map",
	doc:     "A write to a nil map: the map written on the failing line and where it should have been made (the constructor, the composite literal, the package variable).",
	classes: []Class{ClassNilMap},
	needs:   []need{needModule},
	explain: always((*analysis).nilMap),
}

// nilMap explains "assignment to entry in nil map".
func (a *analysis) nilMap() {
	facts := a.s.Facts
	var target linefacts.IndexOp
	found := false
	for _, ix := range facts.Indexes {
		if ix.Assign {
			target, found = ix, true
			break
		}
	}
	if !found && len(facts.Indexes) > 0 {
		target, found = facts.Indexes[0], true
	}
	if !found {
		a.headline("Assignment to entry in nil map")
		a.why("The line writes to a map that is " + code("nil") + ": it was declared but never created with " + code("make") + " or a map literal. Reading a nil map gives zero values, but writing to it panics.")
		if m := a.raiserMapReceiver(); m != "" {
			a.why("The map is " + code(m) + ", which this line calls " + code(lastName(a.s.Raiser.Function)) + " on (a method of its map type, which writes to it).")
			if a.nilMapField(m) {
				return
			}
		}
		a.fix("Create the map with " + code("make") + " before writing to it, where the value holding it is built.")
		return
	}
	m := target.X
	a.culprit = m
	a.headline("Assignment to entry in nil map "+code(m), "Assignment to entry in nil map")
	if target.Nested {
		a.why("The line writes " + code(m+"["+target.Index+"]") + ", but " + code(m) + " is itself an entry of an outer map that was never created: its value is a " + code("nil") + " map. Reading a nil map gives zero values, but writing to it panics.")
	} else {
		a.why("The line writes " + code(m+"["+target.Index+"]") + ", but " + code(m) + " is a " + code("nil") + " map: it was declared but never created with " + code("make") + " or a map literal. Reading a nil map gives zero values, but writing to it panics.")
	}
	if !target.Nested && a.nilMapField(m) {
		return
	}
	if !target.Nested && a.nilMapReceiverField(m) {
		return
	}
	if !target.Nested && (a.nilPackageMap(m) || a.nilPackageMapField(m)) {
		return
	}
	field := lastSelector(m)
	declLine, typ, hasDecl := a.declaration(field)
	if target.Nested {
		typ, hasDecl = "", false
	}
	if hasDecl {
		a.why(code(field) + " is declared at " + quoteLine(declLine) + ".")
	}
	owner := a.ownerType(m)
	if owner != "" {
		if ctor, sets, ok := a.constructorFor(owner, field); !ok {
			if l, maker, ok := a.receiverOrigin(); ok && maker != "" {
				a.why("The " + code(owner) + " here comes from " + quoteLine(l) + ", and nothing creates " + code(field) + " on the way.")
				if typ != "" {
					a.fix(block("Create the map in "+code(maker)+", where the "+code(owner)+" is built:", field+": make("+typ+"),"),
						"Create "+code(field)+" with "+code("make")+" in "+code(maker)+", where the "+code(owner)+" is built.")
				} else {
					a.fix("Create " + code(field) + " with " + code("make") + " in " + code(maker) + ", where the " + code(owner) + " is built.")
				}
			}
		} else {
			where := code(loc(ctor.File, ctor.Number))
			if ctor.Symbol != "" {
				where = code(lastSelector(ctor.Symbol)) + " (" + where + ")"
			}
			if !sets {
				a.why("The " + code(owner) + " is built in " + where + " without setting " + code(field) + ".")
				if typ != "" {
					a.fix(block("Create the map where the "+code(owner)+" is built, in "+where+":", field+": make("+typ+"),"),
						"Create the map where the "+code(owner)+" is built, in "+where+".")
				} else {
					a.fix("Create the map with " + code("make") + " where the " + code(owner) + " is built, in " + where + ".")
				}
			} else {
				a.why(where + " does set " + code(field) + ", so the value used here was probably built another way (a zero value or a literal without it).")
				a.fix("Build every " + code(owner) + " through " + where + " instead of a zero value or a bare literal.")
			}
		}
	}
	switch {
	case owner != "" && len(a.d.Fixes) > 0:
		// The fix where the value is built says it all.
	case target.Nested:
		a.fix("Create the inner map before writing to it: check whether " + code(m) + " is " + code("nil") + " and assign " + code("make") + " of the inner map type to it first.")
	case typ != "" && strings.HasPrefix(typ, "map[") && !strings.Contains(m, "."):
		a.fix(block("Create it with "+code("make")+" instead of only declaring it:", m+" := make("+typ+")"),
			"Create it with "+code("make")+" instead of only declaring it.")
	case typ != "" && strings.HasPrefix(typ, "map["):
		if len(a.d.Fixes) == 0 {
			a.fix("Create "+code(m)+" with "+code("make("+typ+")")+" where the value holding it is built, so that every such value has its map.",
				"Create the map with "+code("make")+" where the value holding it is built.")
		}
		a.fix(block("Or create it lazily, just before the first write:", "if "+m+" == nil {", "\t"+m+" = make("+typ+")", "}"),
			"Or create it lazily, just before the first write.")
	default:
		a.fix("Create the map with " + code("make") + " (or a map literal) before the first write, where the value holding it is built.")
	}
}

// raiserMapReceiver returns the field of the failing method's receiver
// that the line calls the raising library method on (b.headers in
// b.headers.Set(k, v), http.Header being a map), "" when there is none.
func (a *analysis) raiserMapReceiver() string {
	if a.s.Raiser == nil {
		return ""
	}
	name := lastName(a.s.Raiser.Function)
	for _, c := range a.s.Facts.Calls {
		if c.Name == name && strings.Count(c.Receiver, ".") == 1 && isIdent(linefacts.RootIdent(c.Receiver)) {
			return strings.TrimSpace(c.Receiver)
		}
	}
	return ""
}

// nilMapReceiverField explains a nil map that is the receiver of the
// failing method (a named map type with methods): the caller called the
// method on a field of its own receiver, and the places that build the
// caller's type leave that field unset. It reports whether it did.
func (a *analysis) nilMapReceiverField(m string) bool {
	src := a.app()
	name, recv := a.siteDecl()
	if src == nil || a.s.Caller == nil || a.s.Caller.Source == nil {
		return false
	}
	if recv == "" && a.s.Frame != nil {
		recv = valueReceiverType(enclosingFunc(a.s.Frame.Function)) // pkg.T.M: a value receiver
	}
	if recv == "" || m != src.receiverOf(name, recv) {
		return false
	}
	held := ""
	for _, c := range linefacts.Analyze(a.s.Caller.Source).Calls {
		if c.Name == name && strings.Count(c.Receiver, ".") == 1 {
			held = strings.TrimSpace(c.Receiver)
			break
		}
	}
	cs, ok := a.callerSite()
	if held == "" || !ok {
		return false
	}
	a.why(code(m) + " is the receiver of " + code(a.s.Function) + "; its caller " + code(shortFunction(a.s.Caller.Function)) + " calls it on " + code(held) + " at " + code(a.fileLoc(a.s.Caller.File, a.s.Caller.Line)) + ", so " + code(held) + " is the " + code("nil") + " map.")
	done := false
	a.atSite(cs, func() { done = a.nilMapField(held) })
	return done
}

// valueReceiverType returns T of a function named pkg.T.M, the runtime's
// name of a method with a value receiver, "" for other names; the caller
// checks that T has a method M.
func valueReceiverType(fn string) string {
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	parts := strings.Split(fn, ".")
	if len(parts) < 3 || strings.ContainsAny(parts[len(parts)-2], "()*") {
		return ""
	}
	return parts[len(parts)-2]
}
