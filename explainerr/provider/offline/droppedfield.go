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
	for _, l := range sets {
		if !dropped.MatchString(l.Text) {
			return false // another place sets it with its error checked, or from a value
		}
	}
	l := sets[0]
	a.fixedAtOrigin = true
	a.why(code(field) + " is set at " + a.cite(l) + ", which drops the call's error: when that call fails, " + code(x) + " stays " + code("nil") + " and the first use of it panics.")
	a.fix("Check the error at " + code(a.fileLoc(l.Path, l.Line)) + " instead of dropping it, and stop (return it) when the call fails: the failure it reports is the cause, and it shows at start rather than on a request.")
	return true
}
