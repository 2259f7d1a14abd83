package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A value a framework keeps for the request under a key (echo's and gin's
// c.Set("user", id), read back with c.Get("user").(int)) has the type the
// app stored: the assertion fails on every request, and its comma-ok form
// would only turn the panic into a zero value. The fix is the type the
// setter stores.

// reKeyedGet finds the key of a framework context's Get or MustGet at the
// end of an expression.
var reKeyedGet = regexp.MustCompile(`\.(?:Get|MustGet)\(\s*("[^"]*")\s*\)$`)

// storedTypeFix cites where the app stores the value target reads under
// its key, and leads the fixes with asserting the type stored there
// (actual). It writes nothing when target is not such a read or the
// source shows no setter.
func (a *analysis) storedTypeFix(target linefacts.AssertOp, actual string) bool {
	m := reKeyedGet.FindStringSubmatch(target.X)
	src := a.app()
	if m == nil || src == nil {
		return false
	}
	set := compiled(`\.Set\(\s*` + regexp.QuoteMeta(m[1]) + `\s*,\s*(.+?)\)\s*$`)
	for _, f := range src.files {
		for i, line := range f.text() {
			sm := set.FindStringSubmatch(line)
			if sm == nil {
				continue
			}
			at := sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(line)}
			a.why("The app stores that value at " + a.cite(at) + ": it is " + aCode(actual) + " there, on every request, so the assertion never succeeds and its comma-ok form would only hide that.")
			stmt := target.X + ".(" + actual + ")"
			if numericTypes[target.Type] && numericTypes[actual] {
				stmt = target.Type + "(" + stmt + ")"
			}
			for _, as := range a.s.Facts.Assigned {
				if strings.HasSuffix(as.RHS, target.X+".("+target.Type+")") && len(as.LHS) == 1 && as.LHS[0] != "_" {
					stmt = assignment(as.LHS[0], as.Define, stmt)
				}
			}
			others := a.otherAssertions(m[1], target.Type)
			if len(others) > 0 {
				// Every read asserts the other type: the one store is
				// the fix, not this read alone.
				var reads []string
				for _, o := range others[:min(len(others), 3)] {
					reads = append(reads, a.cite(o))
				}
				a.why("The other reads of " + code(m[1]) + " assert " + aCode(target.Type) + " too: " + strings.Join(reads, "; ") + ".")
				a.fix("Store " + aCode(target.Type) + " at " + code(a.fileLoc(at.Path, at.Line)) + ", the type every read of " + code(m[1]) + " asserts; changing this read alone leaves the others failing.")
				return true
			}
			a.fix(block("Assert the type the app stores ("+code(actual)+"), and convert it where another type is needed:", stmt),
				"Assert "+code(actual)+", the type the app stores under "+code(m[1])+".")
			return true
		}
	}
	return false
}

// otherAssertions returns the module's other lines that read key and
// assert typ, the failing line aside.
func (a *analysis) otherAssertions(key, typ string) []sourceLine {
	src := a.app()
	read := compiled(regexp.QuoteMeta(key) + `\s*\)\s*\.\(\s*` + regexp.QuoteMeta(typ) + `\s*\)`)
	var out []sourceLine
	for _, f := range src.files {
		for i, line := range f.text() {
			if read.MatchString(line) && !a.atFailingLine(f.path, i+1) {
				out = append(out, sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(line)})
			}
		}
	}
	return out
}

// atFailingLine reports whether path:line is the failing line.
func (a *analysis) atFailingLine(path string, line int) bool {
	return a.s.Frame != nil && line == a.s.Line && path == a.s.Frame.File
}
