package checker

import "testing"

// TestProseStatusClaims: the status a sentence says a function answers,
// in prose with its reason, as "status NNN" or as net/http's constant
// after a verb of answering, on code shapes of their
// own (testdata/shapes/readgate.go): a status no reached code names
// contradicts it; one a constant names does not, in the function or in
// a handler of the module that next may run; a status the function
// takes from its caller is not judged, nor a fix or a denial.
func TestProseStatusClaims(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"status said", "`ReadGate` answers a write with 405 Method Not Allowed.", false},
		{"status said", "`ReadGate` answers a write with 409 Conflict.", true},
		// next may run a handler of the module that answers 403.
		{"status said", "`ReadGate` answers a write with 403 Forbidden.", false},
		{"status said", "`PassAll` answers a request whose method is not GET with 405 Method Not Allowed instead of calling next.", true},
		{"status said", "`PassAll` answers with status 405 when the method is not GET.", true},
		{"status said", "`PassAll` should answer 405 Method Not Allowed for writes.", false},
		{"status said", "`PassAll` never answers 405 Method Not Allowed.", false},
		{"status said", "`EchoStatus` answers 404 Not Found when it is given that code.", false},
		{"status said", "`ReadGate` answers a write with 405 and keeps 3 retries.", false},
		{"status written as its constant", "`ReadGate` replies with `http.StatusMethodNotAllowed` to a write.", false},
		{"status written as its constant", "`ReadGate` replies with `http.StatusConflict` to a write.", true},
		{"status written as its constant", "`PassAll` should reply with `http.StatusMethodNotAllowed` to a write.", false},
	})
}
