package offline

import (
	"net/textproto"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// (*http.Request).Cookie returns http.ErrNoCookie and a nil cookie when
// the request has no cookie of that name: the client did not send it. A
// nil cookie used after the error was discarded is the client's 400 (or
// 401, or a redirect to log in), not a server failure.

// reCookieCall matches r.Cookie("name") and captures the name.
var reCookieCall = regexp.MustCompile(`\bCookie\(\s*(?:"([^"]*)"|([\w.]+))\s*\)`)

// missingCookie explains a nil x that a Cookie call whose error was
// discarded gave. It reports whether x is such a cookie.
func (a *analysis) missingCookie(x string) bool {
	root := linefacts.RootIdent(x)
	w, op, ok := a.s.AssignmentOf(root)
	if !ok || len(op.LHS) != 2 || op.LHS[0] != root || op.LHS[1] != "_" {
		return false
	}
	m := reCookieCall.FindStringSubmatch(op.RHS)
	if m == nil {
		return false
	}
	name, called := m[1], code(`"`+m[1]+`"`)
	if m[2] != "" {
		name, called = "", code(m[2]) // a constant's name: its value is not read here
	}
	a.why(code(root) + " comes from " + quoteLine(a.siteLine(w)) + ", which discards the error. " + code(op.RHS) + " returns " + code("http.ErrNoCookie") + " and a " + code("nil") + " cookie when the request has no cookie called " + called + ": the client did not send it, which is not a server failure.")
	if s := a.requestCookies(name); s != "" && name != "" {
		a.why(s)
	}
	a.g.Add("err") // the name the snippet introduces
	if emptyChecked.MatchString(a.s.Text) {
		// The failing line itself handles a cookie without a value
		// ("if cookie.Value == """): a cookie not sent is that case.
		a.g.Add("http.ErrNoCookie", "errors.Is")
		a.fix("Check the error of " + code(op.RHS) + ": when it is " + code("http.ErrNoCookie") + " (" + code("errors.Is") + "), handle it as the empty value this line handles, and return only other errors; a request without the cookie is not a failure.")
		return true
	}
	if !a.inHandler() && !a.noResponseWriter() {
		a.fix("Check the error of " + code(op.RHS) + " and handle a missing cookie as the client's error (400 Bad Request, or 401), instead of using a " + code("nil") + " cookie.")
		return true
	}
	a.fix(block("Check the error, and answer the missing cookie as the client's error:", append([]string{root + ", err := " + op.RHS}, a.answerAndReturn("if err != nil {", "\thttp.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)")...)...),
		"Check the error of "+code(op.RHS)+" and answer a missing cookie with 400 Bad Request instead of using a "+code("nil")+" cookie.")
	a.fix("Answer with 400 Bad Request, or 401 or a redirect to the login page when the cookie is a session or CSRF token the client should have got first; not with 500.")
	return true
}

// emptyChecked matches a line that tests a value for being empty.
var emptyChecked = regexp.MustCompile(`==\s*""|len\([^)]*\)\s*==\s*0`)

// requestCookies says what the report's request shows about the cookie
// called name: no Cookie header, the names it had, or that the report
// hides it; "" when the report's headers do not tell.
func (a *analysis) requestCookies(name string) string {
	h := a.r.Request.Headers
	if _, cut := h["…"]; len(h) == 0 || cut {
		return ""
	}
	value, found := "", false
	for k, v := range h {
		if textproto.CanonicalMIMEHeaderKey(k) == "Cookie" {
			value, found = v, true
		}
	}
	if !found {
		return "The request had no " + code("Cookie") + " header, so it sent no cookie at all."
	}
	if value == redact.Mask || strings.Contains(value, redact.Mask) && !strings.Contains(value, "=") {
		return "The report hides the request's " + code("Cookie") + " header, so it does not show whether " + code(`"`+name+`"`) + " was sent."
	}
	var names []string
	for _, part := range strings.Split(value, ";") {
		if n, _, ok := strings.Cut(strings.TrimSpace(part), "="); ok && n != "" {
			if n == name {
				return ""
			}
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	a.g.Add(names...)
	return "The request's cookies are " + codeList(names) + "; " + code(`"`+name+`"`) + " is not among them."
}
