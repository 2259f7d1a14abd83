package offline

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
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
	if !a.sharedMap("the same package-level "+code(m)) || a.underHeldLock(m) {
		return true
	}
	mu := m + "Mu"
	a.g.Add(mu, "Lock", "Unlock") // the names the snippet introduces
	a.fix(block("Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" (or use a "+code("sync.Map")+"):", "var (", "\t"+mu+" sync.Mutex", "\t"+m+strings.Repeat(" ", len(mu)-len(m))+" = make("+v.Type+")", ")", "", "// at each access:", mu+".Lock()", strings.TrimSpace(a.s.Text), mu+".Unlock()"),
		"Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" declared next to it (or use a "+code("sync.Map")+").")
	return true
}

// sharedMap says, when it is so, that a map (what names it: "the same
// package-level `visits`") is written by several goroutines (the HTTP
// server's per-request ones, or those the failing one's creator starts)
// and needs a lock once it is made. It reports whether it said so.
func (a *analysis) sharedMap(what string) bool {
	shared := ""
	switch {
	case a.r.CreatedBy != nil:
		cb := a.r.CreatedBy
		a.g.Add(cb.Function, shortFunction(cb.Function), baseName(cb.File))
		shared = "This write runs in a goroutine started at " + code(shortFunction(cb.Function)) + " (" + code(a.fileLoc(cb.File, cb.Line)) + "): each run there starts another, and they all write " + what + "."
	case a.servesHTTP():
		shared = "An HTTP server runs each request in its own goroutine, and they all write " + what + "."
	default:
		return false
	}
	a.why(shared + " Once the map is made, writes from several goroutines at once need a lock: without one the runtime stops the whole program with the fatal error \"concurrent map writes\".")
	return true
}

// reStructValue finds the struct type a package variable is set to:
// "&viewStats{}", "viewStats{n: 1}".
var reStructValue = regexp.MustCompile(`^&?([A-Za-z_]\w*)\{(.*)\}$`)

// nilPackageMapField explains a write to m, a nil map field of a
// package-level variable ("stats.views" with var stats = &viewStats{}),
// whose declaration builds the struct without the map and whose field
// nothing in the app sets. It reports whether m is one.
func (a *analysis) nilPackageMapField(m string) bool {
	src := a.app()
	if src == nil || strings.Count(m, ".") != 1 {
		return false
	}
	root, field := linefacts.RootIdent(m), lastSelector(m)
	v, ok := a.packageVar(root)
	if !ok {
		return false
	}
	typ, fields, ptr := strings.TrimPrefix(v.Type, "*"), "", strings.HasPrefix(v.Type, "*")
	if sm := reStructValue.FindStringSubmatch(v.RHS); sm != nil {
		typ, fields, ptr = sm[1], strings.TrimSpace(sm[2]), strings.HasPrefix(v.RHS, "&")
	} else if v.RHS != "" || !isIdent(typ) || ptr {
		return false // set some other way, or a nil pointer
	}
	mapType := src.fieldType(typ, field)
	if !strings.HasPrefix(mapType, "map[") || src.setsField("", field) || compiled(`\b`+regexp.QuoteMeta(field)+`\s*:`).MatchString(fields) {
		return false
	}
	built := "is declared without a value"
	if v.RHS != "" {
		built = "is set to " + code(v.RHS)
	}
	a.why(code(root) + " is a package-level variable declared at " + a.cite(v.Line) + ": it " + built + ", which leaves " + code(field) + " out, and no code of the app sets " + code(field) + ", so " + code(m) + " is a " + code("nil") + " map on every request.")
	lit := typ + "{" + fields
	if fields != "" {
		lit += ", "
	}
	lit += field + ": make(" + mapType + ")}"
	if ptr {
		lit = "&" + lit
	}
	a.fix(block("Make the map where the variable is declared, at "+code(a.fileLoc(v.Line.Path, v.Line.Line))+":", "var "+root+" = "+lit),
		"Make "+code(field)+" with "+code("make")+" where "+code(root)+" is declared, at "+code(a.fileLoc(v.Line.Path, v.Line.Line))+".")
	if a.sharedMap("the same package-level " + code(m)) {
		a.fieldLockFix(m, typ, mapType)
	}
	return true
}

// fieldLockFix advises a sync.Mutex kept next to the map field m
// ("stats.views") in its struct type typ, around every access; mapType is
// the field's type, "" when unknown.
func (a *analysis) fieldLockFix(m, typ, mapType string) {
	if a.underHeldLock(m) {
		return
	}
	root, field := linefacts.RootIdent(m), lastSelector(m)
	a.g.Add("mu", "Lock", "Unlock") // the names the snippet introduces
	var decl []string
	if mapType != "" {
		decl = []string{"type " + typ + " struct {", "\tmu " + strings.Repeat(" ", max(0, len(field)-2)) + "sync.Mutex", "\t" + field + strings.Repeat(" ", max(0, 2-len(field))) + " " + mapType, "}", "", "// at each access:"}
	}
	a.fix(block("Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" kept next to the map in "+code(typ)+":", append(decl, root+".mu.Lock()", strings.TrimSpace(a.s.Text), root+".mu.Unlock()")...),
		"Guard every read and write of "+code(m)+" with a "+code("sync.Mutex")+" kept next to the map in "+code(typ)+".")
}

// madeWith says how an assignment makes the map, when it does.
func madeWith(rhs string) string {
	if strings.HasPrefix(rhs, "make(") || strings.HasPrefix(rhs, "map[") {
		return ", or this write ran first"
	}
	return ""
}
