package offline

import (
	"net/textproto"
	"regexp"
	"strings"
)

// An index into r.Header["Name"] reads the values of one header: when the
// request has no such header, the slice is empty and index 0 is out of
// range. The request in the report shows which headers it had.

// reHeaderValues matches r.Header["Name"] and captures the name.
var reHeaderValues = regexp.MustCompile(`\bHeader\[\s*"([^"]+)"\s*\]$`)

// absentHeader says, when x reads a header's values by name and the
// report's request lacks that header, that the header is absent, and how
// to read it safely.
func (a *analysis) absentHeader(x string) {
	m := reHeaderValues.FindStringSubmatch(x)
	// A report keeps at most 64 headers ("…" counts the rest): then an
	// absent one may be among those left out.
	if _, cut := a.r.Request.Headers["…"]; m == nil || len(a.r.Request.Headers) == 0 || cut {
		return
	}
	name := textproto.CanonicalMIMEHeaderKey(m[1])
	for k := range a.r.Request.Headers {
		if textproto.CanonicalMIMEHeaderKey(k) == name {
			return
		}
	}
	a.why("The request has no " + code(name) + " header, so " + code(x) + " is empty.")
	getter := strings.TrimSuffix(x, m[0]) + "Header.Get(" + `"` + m[1] + `"` + ")"
	a.fix("Read it with "+code(getter)+", which gives "+code(`""`)+" when the header is absent, and answer a missing header (a 400 or 401) instead of indexing.",
		"Read the header with the Header's Get method, which gives an empty string when it is absent, and handle that case instead of indexing.")
}

// isStringLiteral reports whether expr is a string literal.
func isStringLiteral(expr string) bool {
	return len(expr) >= 2 && (expr[0] == '"' || expr[0] == '`')
}
