package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// Where an index or the indexed value comes from decides the advice: a
// record id from the route or the query that names nothing is the client's
// 404; a malformed header or cookie (a User-Agent parsed by an access
// logger, a cookie split into parts) is input to validate, not a missing
// page; anything else is the code's own data.

// Input sources of the request.
const (
	inputNone   = ""
	inputKey    = "key"    // a path parameter or query value naming a record
	inputHeader = "header" // a header or cookie value
)

// reRequestKey matches code reading a route parameter or a query value.
var reRequestKey = `\bPathValue\(|\bURLParam\(|\bmux\.Vars\(|\bVars\(\w+\)\[|\.URL\.Query\(\)|\bQuery\(\)\.Get\(|\bFormValue\(|\bParam\(|\bParams\.ByName\(`

// reRequestHeader matches code reading a header or a cookie.
var reRequestHeader = `\bUserAgent\(\)|\bHeader\.Get\(|\bHeader\[|\bCookie\(|\bCookies\(\)|\bReferer\(\)`

// indexInput says where the index expression x[index] on the failing line
// gets its input from: the failing line and the assignments of the names
// it uses, followed two steps back in the window.
func (a *analysis) indexInput(x, index string) string {
	texts := []string{a.s.Text}
	seen := map[string]bool{}
	names := []string{linefacts.RootIdent(x), linefacts.RootIdent(index)}
	for step := 0; step < 2; step++ {
		var next []string
		for _, n := range names {
			if n == "" || seen[n] {
				continue
			}
			seen[n] = true
			if _, op, ok := a.s.AssignmentOf(n); ok {
				texts = append(texts, op.RHS)
				next = append(next, wordPattern.FindAllString(op.RHS, -1)...)
			}
		}
		names = next
	}
	all := strings.Join(texts, "\n")
	switch {
	case compiled(reRequestKey).MatchString(all):
		return inputKey
	case compiled(reRequestHeader).MatchString(all):
		return inputHeader
	}
	return inputNone
}
