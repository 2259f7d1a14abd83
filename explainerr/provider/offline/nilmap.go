package offline

import "strings"

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
	if recv == "" || rootIdent(m) != src.receiverOf(name, recv) {
		return false
	}
	field := lastSelector(m)
	unset, ok := src.leftUnset(recv, field)
	if !ok || len(unset) == 0 || src.setsField(field) {
		return false
	}
	var at []string
	for _, b := range unset {
		at = append(at, a.cite(b.Line))
	}
	a.why(code(recv) + " is built without creating " + code(field) + " at " + strings.Join(at, "; ") + ", so every " + code(recv) + " built there has a " + code("nil") + " map.")
	if decl, _, ok := src.structField(recv, field); ok {
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
	if a.sharedMap(code(m) + ", in the one " + code(recv) + " that serves them") {
		a.fieldLockFix(m, recv, typ)
	}
	return true
}
