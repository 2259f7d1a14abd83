package offline

import "testing"

// badgeCookieFiles read a session cookie, dropping the error a request
// without it gets.
var badgeCookieFiles = map[string]string{
	"go.mod": "module example.com/badgecookie\n",
	"main.go": `package main

import "net/http"

const sessionCookie = "session"

func session(r *http.Request) string {
	cookie, _ := r.Cookie(sessionCookie)
	if cookie.Value == "" { //! value
		return ""
	}
	return cookie.Value
}

func page(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(session(r)))
}
`,
}

// TestMissingCookieIsNoFailure: a cookie's dropped error, where the line
// that failed tests the cookie for an empty value, is http.ErrNoCookie
// handled as that empty case, not a failure to answer with an error
// status; the cookie's name may be a constant.
func TestMissingCookieIsNoFailure(t *testing.T) {
	app := writeMarkedApp(t, badgeCookieFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "value", "session"))
	text := Analyze(r)
	mustHave(t, text, "when it is `http.ErrNoCookie` (`errors.Is`), handle it as the empty value this line handles")
	mustLack(t, text, "StatusInternalServerError", "400 Bad Request")
}
