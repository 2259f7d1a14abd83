package offline

import (
	"path/filepath"
	"strings"
)

// A nil map that is a package-level variable is made where it is
// declared. Every goroutine that runs the writing code shares it: the
// HTTP server's per-request goroutines, or the goroutines the program
// starts (a crash dump's "created by" line). Once made, such a map needs
// a lock, or the runtime stops the program with "concurrent map writes".

// nilPackageMap explains a write to m, a nil package-level map, and
// writes the fixes. It reports whether m is one.
func (a *analysis) nilPackageMap(m string) bool {
	if !isIdent(m) {
		return false
	}
	v, ok := a.packageVar(m)
	if !ok || !strings.HasPrefix(v.Type, "map[") || v.RHS != "" {
		return false
	}
	a.why(code(m) + " is a package-level variable declared at " + a.cite(v.Line) + " without a value, so it is a " + code("nil") + " map until something assigns one.")
	if l, rhs, ok := a.packageAssignment(m, filepath.Dir(v.Line.Path)); ok {
		a.why("It is assigned at " + a.cite(l) + "; that had not run before this write" + madeWith(rhs) + ".")
	}
	a.fix(block("Make it where it is declared, at "+code(a.fileLoc(v.Line.Path, v.Line.Line))+":", "var "+m+" = make("+v.Type+")"),
		"Make it where it is declared, at "+code(a.fileLoc(v.Line.Path, v.Line.Line))+", with "+code("make")+".")
	shared := ""
	switch {
	case a.r.CreatedBy != nil:
		cb := a.r.CreatedBy
		a.g.Add(cb.Function, shortFunction(cb.Function), baseName(cb.File))
		shared = "This write runs in a goroutine started at " + code(shortFunction(cb.Function)) + " (" + code(a.fileLoc(cb.File, cb.Line)) + "): each run there starts another, and they all write the same package-level " + code(m) + "."
	case a.servesHTTP():
		shared = "An HTTP server runs each request in its own goroutine, and they all write the same package-level " + code(m) + "."
	default:
		return true
	}
	a.why(shared + " Once the map is made, writes from several goroutines at once need a lock: without one the runtime stops the whole program with the fatal error \"concurrent map writes\".")
	mu := m + "Mu"
	a.g.Add(mu, "Lock", "Unlock") // the names the snippet introduces
	a.fix(block("Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" (or use a "+code("sync.Map")+"):", "var (", "\t"+mu+" sync.Mutex", "\t"+m+strings.Repeat(" ", len(mu)-len(m))+" = make("+v.Type+")", ")", "", "// at each access:", mu+".Lock()", strings.TrimSpace(a.s.Text), mu+".Unlock()"),
		"Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" declared next to it (or use a "+code("sync.Map")+").")
	return true
}

// madeWith says how an assignment makes the map, when it does.
func madeWith(rhs string) string {
	if strings.HasPrefix(rhs, "make(") || strings.HasPrefix(rhs, "map[") {
		return ", or this write ran first"
	}
	return ""
}
