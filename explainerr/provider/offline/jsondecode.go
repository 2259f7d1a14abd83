package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// jsonDecodePass explains a JSON body or value encoding/json could not
// decode.
var jsonDecodePass = &pass{
	name:    "json-decode",
	doc:     "A JSON document encoding/json could not decode (a syntax error, a value of the wrong type, an unknown field, a value its UnmarshalJSON rejected): where the document came from and the field the Go type declares.",
	classes: []Class{ClassJSONSyntax, ClassJSONType, ClassJSONUnknownField, ClassJSONValue},
	needs:   []need{needModule},
	explain: always((*analysis).jsonError),
}

// jsonError explains encoding/json errors.
func (a *analysis) jsonError() {
	if a.marshalerFailed() {
		return
	}
	caps := a.f.Captures
	call, hasCall := a.failingCall(compiled(`json\.|\.Decode\(|Unmarshal\(`))
	fromBody := hasCall && strings.Contains(call.Text, "Body")
	switch a.f.Class {
	case ClassJSONType:
		field, got, want := caps["field"], caps["got"], caps["want"]
		a.culprit = field
		target := "the value"
		if field != "" {
			target = "the field " + code(field)
		}
		a.headline("JSON type mismatch: " + code(got) + " into " + code(want))
		a.why("The JSON has " + aCode(got) + " where " + target + " has Go type " + code(want) + "; the decoder does not convert between them.")
		decl, declared := a.decodedFieldDecl()
		if declared {
			a.why("The field is declared at " + decl + ".")
		}
		switch {
		case a.r.Request.Body != "" || a.r.Request.Method == "POST" || a.r.Request.Method == "PUT" || a.r.Request.Method == "PATCH":
			a.why("The JSON is the request's body: the client sent the wrong type, which is a 400, not a server failure.")
			a.fix("Answer this decode error with 400 Bad Request (" + code("http.StatusBadRequest") + "), naming the field and the type expected.")
			a.fix("Send the value with the JSON type the struct expects, or change the Go type to match the JSON.")
		case declared:
			// No body: the JSON was read from somewhere the app keeps
			// or fetches it, and the declaration is what fits it.
			a.why("The request has no body, so the JSON was not sent with it: the app read it from data it keeps or fetches.")
			a.fix("Make the field's Go type fit the JSON the app reads (" + aCode(got) + ", not " + code(want) + "), or correct the JSON where it is written.")
		default:
			a.fix("Send the value with the JSON type the struct expects, or change the Go type to match the JSON.")
		}
		if got == "string" && numericGoType.MatchString(want) {
			a.fix("For numbers sent as strings, the " + code(`json:",string"`) + " struct tag option decodes them.")
		}
	case ClassJSONValue:
		typ, detail := caps["type"], strings.TrimSpace(caps["detail"])
		a.culprit = typ
		a.headline("JSON error: " + aCode(typ) + " value was rejected")
		a.why("The JSON holds a value that the " + code("UnmarshalJSON") + " method of " + code(typ) + " rejects: " + code(shorten(detail, 120)) + ". The decoder calls that method for every value of the type and stops at its error.")
		if typ == "Time" {
			a.why("A " + code("time.Time") + " decodes only from a JSON string in RFC 3339 form, such as " + code(`"2024-12-01T10:00:00Z"`) + "; a number or another layout is rejected.")
		}
		a.fix("Send the value in the form " + code(typ) + " accepts, or decode it into a type that accepts what clients send (a string or a number) and convert it after decoding.")
	case ClassJSONUnknownField:
		field := caps["field"]
		a.culprit = field
		a.headline("JSON error: unknown field " + code(`"`+field+`"`))
		a.why("The decoder was told to reject unknown fields, and the JSON has " + code(`"`+field+`"`) + ", which no struct field matches (by name or json tag).")
		a.fix("Correct the field name in the JSON, or add a field with that json tag to the struct.")
	default:
		a.headline("Invalid JSON")
		a.why("The input is not valid JSON: " + code(shorten(a.f.Message, 120)) + ".")
		if ct := a.r.Request.Headers["Content-Type"]; ct != "" && !strings.Contains(ct, "json") {
			a.why("The request's Content-Type is " + code(ct) + ", not JSON.")
		}
	}
	if hasCall {
		a.why("It is decoded at " + quoteLine(call) + ".")
	}
	if fromBody {
		a.fix("A request body that does not decode is the client's error: answer 400 Bad Request, not 500.")
	}
}

// numericGoType matches the Go number types a quoted JSON number decodes
// into with the ",string" tag option.
var numericGoType = regexp.MustCompile(`^\*?(?:u?int(?:8|16|32|64)?|float(?:32|64))$`)

// decodedFieldDecl cites the declaration of the struct field the JSON
// type error names, when the module declares it.
func (a *analysis) decodedFieldDecl() (string, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", false
	}
	d, ok := src.mod.DecodedField(report.AnalysedText(a.f.Message))
	if !ok {
		return "", false
	}
	return a.cite(sourceLine{Path: d.File.Path, Line: d.Line, Text: d.Text}), true
}
