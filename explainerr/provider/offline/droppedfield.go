package offline

import (
	"regexp"
	"strings"
)

// A field left nil at run time is often set at start from a call whose
// error the code drops ("data.Page, _ = template.ParseFS(…)"): when the
// call fails, the field keeps nil, and the first request that uses it
// panics. The fix is the dropped error, not a nil check where it fails.

// fieldFromDroppedError explains a nil field x (s.page, data.PastePage)
// that the module sets only from calls whose error is discarded. It
// reports whether it did.
func (a *analysis) fieldFromDroppedError(x string) bool {
	src := a.app()
	if src == nil || !strings.Contains(x, ".") {
		return false
	}
	field := lastSelector(x)
	sets := src.fieldSets("", field)
	if len(sets) == 0 {
		return false
	}
	dropped := regexp.MustCompile(`\.` + regexp.QuoteMeta(field) + `\s*,\s*_\s*=`)
	// first is where the first set's error is dropped, when not on its
	// own line.
	var first sourceLine
	for i, l := range sets {
		if dropped.MatchString(l.Text) {
			continue
		}
		d, ok := src.droppedLocal(l)
		if !ok {
			return false // another place sets it with its error checked, or from a value
		}
		if i == 0 {
			first = d
		}
	}
	l := sets[0]
	a.fixedAtOrigin = true
	if d := first; d.Line != 0 {
		// "byId: byId" of "byId, _ := db.Prepare(…)" a few lines above.
		a.why(code(field) + " is set at " + a.cite(l) + " from a value made at " + a.cite(d) + ", which drops the call's error: when that call fails, " + code(x) + " stays " + code("nil") + " and the first use of it panics.")
		a.fix("Check the error at " + code(a.fileLoc(d.Path, d.Line)) + " instead of dropping it, and stop (return it) when the call fails: the failure it reports is the cause, and it shows at start rather than on a request.")
		return true
	}
	a.why(code(field) + " is set at " + a.cite(l) + ", which drops the call's error: when that call fails, " + code(x) + " stays " + code("nil") + " and the first use of it panics.")
	a.fix("Check the error at " + code(a.fileLoc(l.Path, l.Line)) + " instead of dropping it, and stop (return it) when the call fails: the failure it reports is the cause, and it shows at start rather than on a request.")
	return true
}

// literalFromLocal finds a field set from a local variable: a literal's
// "field: name" or an assignment "x.field = name".
var literalFromLocal = regexp.MustCompile(`(?:^|[{,]\s*)\w+\s*:\s*(\w+)\s*,?\s*(?:}.*)?$|\.\w+\s*=\s*(\w+)\s*$`)

// droppedLocal returns, for a line that sets a field from a local
// variable (l), the line of the same function before it that gives that
// variable its value while dropping the call's error ("byId, _ :=
// db.Prepare(…)"); false when the variable has another assignment there
// or none that drops an error.
func (s *appSource) droppedLocal(l sourceLine) (sourceLine, bool) {
	m := literalFromLocal.FindStringSubmatch(strings.TrimSpace(l.Text))
	if m == nil {
		return sourceLine{}, false
	}
	name := m[1] + m[2]
	f, fd := s.funcAt(l.Path, l.Line)
	if fd == nil {
		return sourceLine{}, false
	}
	lines := f.text()
	start := s.fset.Position(fd.Pos()).Line
	assigned := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(name) + `\s*(,\s*(\w+)\s*)?:?=[^=]`)
	var found sourceLine
	for i := max(start, 1); i < l.Line && i <= len(lines); i++ {
		mm := assigned.FindStringSubmatch(lines[i-1])
		if mm == nil {
			continue
		}
		if mm[2] != "_" {
			return sourceLine{}, false // its error kept, or set from a value
		}
		found = sourceLine{Path: l.Path, Line: i, Text: strings.TrimSpace(lines[i-1]), Func: funcName(fd)}
	}
	return found, found.Line != 0
}
