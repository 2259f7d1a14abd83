package offline

import "strings"

// unexpectedEOFPass explains io.ErrUnexpectedEOF.
var unexpectedEOFPass = &pass{
	name:    "unexpected-eof",
	doc:     "An input that ended early: a truncated body or file, or a reader consumed twice.",
	classes: []Class{ClassUnexpectedEOF},
	needs:   []need{needModule},
	explain: always((*analysis).unexpectedEOF),
}

// "unexpected EOF" is io.ErrUnexpectedEOF: a reader ended in the middle of
// a value. From a JSON decode of the request body it means the client sent
// an incomplete body (cut off, or shorter than its Content-Length): bad
// input, answered with 400. From other readers (a file, a database
// connection) it is a server-side failure the message alone does not
// explain.

// jsonDecodeCall matches a JSON decode call.
var jsonDecodeCall = `json\.Unmarshal\(|json\.NewDecoder\(.*\)\.Decode\(|\.Decode\(`

// unexpectedEOF explains io.ErrUnexpectedEOF.
func (a *analysis) unexpectedEOF() {
	msg := strings.TrimSpace(a.f.Message)
	call, hasCall := a.failingCall(compiled(jsonDecodeCall))
	isJSON := hasCall && compiled(jsonDecodeCall).MatchString(call.Text) && (strings.Contains(call.Text, "json") || strings.Contains(a.r.Request.BodyType, "json"))
	if !isJSON {
		a.headline("Unexpected EOF: input ended in the middle of a value")
		a.why("The error says " + code(shorten(msg, 120)) + ": a reader reached the end of its input before a value it was reading was complete (" + code("io.ErrUnexpectedEOF") + "). The input may be a request body cut short, a truncated file, or a connection closed mid-reply; the message alone does not say which.")
		if hasCall {
			a.why("It most likely comes from " + quoteLine(call) + ".")
		}
		a.fix("Find which input the failing call reads: when it is the request body, answer 400 Bad Request; when it is a file or a connection of the server, it is a server-side failure to fix (or retry) there.")
		return
	}
	a.culprit = strings.TrimSpace(call.Text)
	if !strings.Contains(call.Text, "Body") {
		a.headline("Truncated JSON: the input ended in the middle of a value")
		a.why("The JSON decode at " + quoteLine(call) + " reached the end of its input in the middle of a value and returned " + code("io.ErrUnexpectedEOF") + " (" + code(shorten(msg, 120)) + "): the data it decodes is incomplete.")
		a.fix("Find where that data is read and why it is cut short; if it comes from the request, answer 400 Bad Request instead of 500.")
		return
	}
	a.headline("Truncated request body: the JSON ended in the middle of a value")
	a.why("The JSON decode at " + quoteLine(call) + " reached the end of the request body in the middle of a value and returned " + code("io.ErrUnexpectedEOF") + " (" + code(shorten(msg, 120)) + "). The client sent an incomplete body (cut off, or shorter than its Content-Length): the request is at fault, not the server.")
	if b := a.r.Request.Body; b != "" {
		a.g.Add(b) // the report's own evidence
		a.why("The request body in the report is " + code(shorten(b, 120)) + ".")
	}
	a.fix(block("Answer a body that does not decode with 400 Bad Request:", a.answerAndReturn("if err != nil {", "\thttp.Error(w, \"invalid JSON body\", http.StatusBadRequest)")...),
		"A request body that does not decode is the client's error: answer 400 Bad Request, not 500.")
	if strings.HasPrefix(strings.TrimSpace(a.s.Text), "return ") {
		a.fix("Or, since this function returns the error to its caller, which answered with a server error, return an error the caller maps to 400 (a wrapped sentinel or a typed error) for a body that does not decode.")
	}
}
