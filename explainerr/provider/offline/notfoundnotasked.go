package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A "not found" error the app makes itself, about something the request
// does not name (a setting's row, "site info of type "policies" not
// found" for GET /siteinfo/legal), is no client's mistake: advising a 404
// would blame the client for the app's own missing data. What is known is
// where the error is made and what was missing; what a missing row should
// mean there is the app's choice.

// madeNotFound finds a not-found error made by a call of the app's own
// (a fresh error, not one passed on).
var madeNotFound = regexp.MustCompile(`(?i)\b(?:fmt\.Errorf|errors\.New|errors\.Errorf)\(\s*"[^"]*\b(?:not found|does not exist|no such)\b`)

// quotedValue finds a value a message quotes.
var quotedValue = regexp.MustCompile(`"([^"]{2,})"`)

// notFoundNotAsked explains a not-found error made at one site of the
// module about a value the request does not carry; it reports whether it
// did.
func (a *analysis) notFoundNotAsked(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	var made []appsource.MessageSite
	for _, site := range src.mod.MessageSites(msg) {
		lines := site.File.Lines()
		if site.Line >= 1 && site.Line <= len(lines) && madeNotFound.MatchString(lines[site.Line-1]) {
			made = append(made, site)
		}
	}
	if len(made) != 1 {
		return false
	}
	values := quotedValue.FindAllStringSubmatch(msg, -1)
	if len(values) == 0 {
		return false // nothing to tell the request's values from the app's
	}
	req := strings.ToLower(a.r.Request.URL + "\n" + a.r.Request.Body)
	for _, vs := range a.r.Request.Form {
		req += "\n" + strings.ToLower(strings.Join(vs, "\n"))
	}
	for _, vs := range a.r.Request.Query {
		req += "\n" + strings.ToLower(strings.Join(vs, "\n"))
	}
	var named []string
	for _, v := range values {
		if strings.Contains(req, strings.ToLower(v[1])) {
			return false // the request asked for it: the client's to fix
		}
		named = append(named, v[1])
	}
	site := made[0]
	fn := appsource.FuncName(site.Decl())
	at := src.lineIn(site.File, site.Line, fn)
	a.headline("A lookup found none of the app's own " + code(named[0]))
	a.why("The error says " + code(shorten(msg, 120)) + ". It is made at " + a.cite(at) + ", when the lookup there finds nothing. The request names no " + code(named[0]) + ": what is missing is the app's own data (a setting, a row its installation or a migration writes), not something the client asked for, so answering it with a 404 would blame the client.")
	a.fix("Decide at " + code(a.fileLoc(at.Path, at.Line)) + " what a missing " + code(named[0]) + " means: if it is optional, answer it without an error (a value its callers can show); if it is required, write it where the app sets its data up, and fail there when it is missing.")
	return true
}
