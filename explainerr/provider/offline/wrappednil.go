package offline

import (
	"regexp"
	"strings"
)

// A standard library value made by its constructor (xml.NewDecoder(r),
// bufio.NewScanner(r)) is never nil: the constructor returns what it
// built. A nil dereference inside one of its methods is then a nil value
// it wraps: the reader or writer it was given (a file whose opening
// error was dropped, a nil body).

// wrappingConstructors are standard-library constructors that always
// return a value they build around their first argument.
var wrappingConstructors = map[string]bool{
	"bufio.NewReader": true, "bufio.NewReaderSize": true, "bufio.NewWriter": true, "bufio.NewWriterSize": true, "bufio.NewScanner": true,
	"json.NewDecoder": true, "json.NewEncoder": true, "xml.NewDecoder": true, "xml.NewEncoder": true,
	"csv.NewReader": true, "csv.NewWriter": true, "gob.NewDecoder": true, "gob.NewEncoder": true,
	"io.LimitReader": true, "io.TeeReader": true, "io.NopCloser": true, "tabwriter.NewWriter": true,
	"multipart.NewReader": true, "multipart.NewWriter": true, "textproto.NewReader": true, "textproto.NewWriter": true,
	"tar.NewReader": true, "tar.NewWriter": true, "zip.NewWriter": true, "gzip.NewWriter": true, "zlib.NewWriter": true,
	"base64.NewDecoder": true, "base64.NewEncoder": true, "hex.NewDecoder": true, "hex.NewEncoder": true,
}

// reWrappingCall splits a constructor call: its package, name and first
// argument when that is a plain name ("xml.NewDecoder(r)").
var reWrappingCall = regexp.MustCompile(`^\s*(\w+\.\w+)\(\s*([A-Za-z_]\w*)\s*[,)]`)

// wrappedNil reports, for the value recv a library method was called on,
// the name of the value it wraps when recv was made above the failing
// line by a wrapping constructor, with the constructor's name.
func (a *analysis) wrappedNil(recv string) (arg, ctor string, ok bool) {
	if !isIdent(recv) {
		return "", "", false
	}
	_, op, found := a.s.AssignmentOf(recv)
	if !found || len(op.LHS) != 1 {
		return "", "", false
	}
	m := reWrappingCall.FindStringSubmatch(op.RHS)
	if m == nil || !wrappingConstructors[m[1]] || m[2] == "nil" {
		return "", "", false
	}
	return m[2], strings.TrimSpace(op.RHS), true
}

// explainWrappedNil writes that recv cannot be nil, being made by a
// wrapping constructor, and follows the value it wraps instead. It
// reports whether it did.
func (a *analysis) explainWrappedNil(raiser, recv string) bool {
	arg, call, ok := a.wrappedNil(recv)
	if !ok {
		return false
	}
	a.culprit = arg
	a.g.Add(call, arg)
	a.headline("Nil pointer dereference inside "+raiser+": the "+code(arg)+" that "+code(recv)+" reads is probably nil", "Nil pointer dereference")
	a.why("The dereference happened inside " + raiser + ", called on " + code(recv) + ". " + code(recv) + " is made by " + code(call) + ", which always returns the value it builds, so it is not " + code("nil") + ": what it wraps, " + code(arg) + ", most likely is, and " + raiser + " used it.")
	a.nilOrigin(arg, true)
	if !a.fixedAtOrigin {
		a.fix(a.nilGuard(arg), "Check "+code(arg+" == nil")+" before this line and handle the missing value.")
	}
	return true
}
