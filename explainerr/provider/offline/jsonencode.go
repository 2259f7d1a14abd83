package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// jsonEncodePass explains a value encoding/json refuses to encode.
var jsonEncodePass = &pass{
	name:    "json-encode",
	doc:     "A value encoding/json cannot encode (a channel, a function, NaN, a cycle): the field that holds it.",
	classes: []Class{ClassJSONEncode},
	explain: always((*analysis).jsonEncode),
}

// encoding/json refuses to encode some values: a float that is NaN or
// ±Inf ("json: unsupported value: NaN"), which a float division by zero
// gives instead of panicking, and channels, funcs, complex numbers and
// maps with other keys than strings, integers or TextMarshalers
// ("json: unsupported type: chan int").

// jsonEncode explains "json: unsupported value: ..." and "json:
// unsupported type: ...".
func (a *analysis) jsonEncode() {
	caps := a.f.Captures
	what, detail := caps["what"], strings.TrimSpace(caps["detail"])
	a.g.Add("encoding/json", "encoding.TextMarshaler", "math.IsNaN", "math.IsInf")
	if what == "type" {
		a.headline("JSON encoding error: unsupported type " + code(detail))
		a.why(code("encoding/json") + " cannot encode a value of type " + code(detail) + ": JSON has no form for channels, funcs or complex numbers, and a map's keys must be strings, integers or implement " + code("encoding.TextMarshaler") + ". The response holds such a value.")
		a.fix("Leave that field out of the JSON with the struct tag " + code(`json:"-"`) + ", or convert it to a type JSON can hold before encoding.")
		return
	}
	if detail != "NaN" && detail != "+Inf" && detail != "-Inf" {
		a.headline("JSON encoding error: unsupported value")
		a.why(code("encoding/json") + " refused a value of the response: " + code(shorten(detail, 120)) + ".")
		if strings.HasPrefix(detail, "encountered a cycle") {
			a.why("The value refers back to itself through pointers, so encoding it would never end.")
			a.fix("Break the cycle in what is encoded: leave the back-reference out with " + code(`json:"-"`) + ", or encode a copy without it.")
		}
		return
	}
	a.headline("JSON encoding error: a float is " + code(detail))
	a.why(code("encoding/json") + " cannot encode a float that is " + code(detail) + ": JSON has no numbers for NaN or infinity. A float division by zero gives them (" + code("0/0") + " is NaN, any other number divided by 0 is ±Inf) instead of panicking as an integer division does.")
	if l, div, ok := a.floatDivisionFeeding(); ok {
		a.culprit = div.X + " / " + div.Y
		a.why("The value comes from " + quoteLine(l) + ": when " + code(div.Y) + " is 0, the result is NaN or ±Inf.")
		a.fix(block("Divide only when the divisor is not 0, and decide what to send otherwise:", "if "+div.Y+" != 0 {", "\t// "+div.X+" / "+div.Y, "}"),
			"Divide only when "+code(div.Y)+" is not 0, and decide what to send otherwise (0, or null through a pointer).")
		return
	}
	a.fix("Find the float in the response that is " + code(detail) + " (usually a division by a count or length that was 0) and divide only when the divisor is not 0, or check it with " + code("math.IsNaN") + " and " + code("math.IsInf") + " before encoding.")
}

// floatDivisionFeeding finds the nearest line above the failing one that
// assigns a division to a name the failing line uses.
func (a *analysis) floatDivisionFeeding() (corpus.Line, linefacts.DivisionOp, bool) {
	for _, l := range a.s.LinesAbove() {
		facts := a.s.FactsAt(l.Number)
		for _, div := range facts.Divisions {
			if div.Op != "/" {
				continue
			}
			for _, as := range facts.Assigned {
				for _, lhs := range as.LHS {
					if isIdent(lhs) && lhs != "_" && compiled(`\b`+regexp.QuoteMeta(lhs)+`\b`).MatchString(a.s.Text) {
						return a.siteLine(l), div, true
					}
				}
			}
		}
	}
	return corpus.Line{}, linefacts.DivisionOp{}, false
}
