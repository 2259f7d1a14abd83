package offline

import (
	"regexp"
	"strings"
)

// A line may test a value against nil before it reads through it, in one
// condition: "if p.Next == nil || *p.Next == 0". The short circuit keeps
// the read from running when the value is nil, so the value cannot be
// the nil one; the value it is read from still can.

// nilTestedInline returns the test of e against nil that comes, on the
// failing line, before every read through e and lets the rest of the
// condition run only when e is not nil ("e == nil ||", "e != nil &&"); ""
// when there is none.
func (a *analysis) nilTestedInline(e string) string {
	text := a.s.Text
	q := regexp.QuoteMeta(e)
	guard := compiled(`(?:^|[^\w.])(` + q + `\s*==\s*nil\s*\|\||` + q + `\s*!=\s*nil\s*&&|nil\s*==\s*` + q + `\s*\|\||nil\s*!=\s*` + q + `\s*&&)`)
	g := guard.FindStringSubmatchIndex(text)
	if g == nil {
		return ""
	}
	// A read through e: *e, e.x, e[i] or e(…), not e itself compared.
	read := compiled(`\*` + q + `\b|(?:^|[^\w.])` + q + `\s*[.\[(]`)
	for _, m := range read.FindAllStringIndex(text, -1) {
		if m[0] < g[2] {
			return ""
		}
	}
	return strings.TrimSpace(text[g[2]:g[3]])
}
