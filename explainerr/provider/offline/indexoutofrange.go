package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// indexRangePass explains an index past the end of a slice, array or
// string.
var indexRangePass = &pass{
	name:    "index-out-of-range",
	doc:     "An index out of range: the indexing on the failing line whose index and length the message gives, where the index came from (a request input, a loop bound, a constant), and the bounds check it needs.",
	classes: []Class{ClassIndexRange},
	needs:   []need{needModule},
	explain: always((*analysis).indexRange),
}

// indexRange explains "index out of range [i] with length n".
func (a *analysis) indexRange() {
	idx, length := a.f.Captures["index"], a.f.Captures["length"]
	facts := a.s.Facts
	var target linefacts.IndexOp
	found := false
	// An index written as a number other than the one the error reports
	// is not the failing one; of the others, only a single one can be
	// named.
	var viable []linefacts.IndexOp
	for _, ix := range facts.Indexes {
		if isStringLiteral(ix.Index) || a.indexKind(ix.X) == "map" {
			continue // a map lookup has no range
		}
		if idx == "" || ix.Index == idx || !isNumber(ix.Index) {
			viable = append(viable, ix)
		}
	}
	if len(viable) == 1 {
		target, found = viable[0], true
	}
	if idx == "" && !found {
		a.indexRangeUnknown(viable)
		return
	}
	// " of a slice, array or string of length 3"; Go gives no length with
	// a negative index, which no length makes valid.
	ofLength := " of a slice, array or string of length " + length
	switch {
	case length == "0":
		ofLength += ": it is empty"
	case length == "":
		ofLength = " of a slice, array or string: a negative index is never valid"
	}
	lengthText := "length " + length
	if length == "0" {
		lengthText = "length 0: it is empty"
	}
	if !found && len(viable) > 1 {
		var quoted []string
		for _, ix := range viable {
			quoted = append(quoted, code(ix.X+"["+ix.Index+"]"))
		}
		a.headline("Index out of range [" + idx + "]: one of " + strings.Join(quoted, ", "))
		a.why("One of " + strings.Join(quoted, ", ") + " read position " + idx + ofLength + "; the trace does not say which.")
		a.fix("Check the length of each with " + code("len") + " before indexing, and handle the short case.")
		return
	}
	if !found {
		a.headline("Index out of range [" + idx + "]")
		a.why("An index expression read position " + idx + ofLength + ". Valid indexes run from 0 to the length minus one.")
		a.fix("Check the length with " + code("len") + " before indexing, and handle the short case.")
		return
	}
	expr := target.X + "[" + target.Index + "]"
	a.culprit = expr
	a.headline("Index out of range: "+code(expr), "Index out of range")
	switch {
	case idx == "":
		a.why(code(expr) + " used an index outside " + code(target.X) + ": below 0, or not below its length. " + noBoundsGiven + ".")
	case length == "":
		a.why(code(expr) + " used index " + idx + ", which is out of range for " + code(target.X) + ".")
	default:
		valid := "there is no valid index"
		if n := atoi(length); n > 0 {
			valid = "valid indexes are 0 to " + itoa(n-1)
		}
		a.why(code(expr) + " read index " + idx + ", but " + code(target.X) + " has " + lengthText + " (" + valid + ").")
	}
	if strings.HasPrefix(idx, "-") {
		a.why("A negative index usually comes from a search that found nothing (-1) or from the length minus one of an empty slice.")
	}
	if w, op, ok := a.s.AssignmentOf(linefacts.RootIdent(target.X)); ok && isIdent(target.X) {
		l := a.siteLine(w)
		a.why(code(target.X) + " comes from " + quoteLine(l) + ".")
		if strings.Contains(op.RHS, "Split") || strings.Contains(op.RHS, "Fields") {
			a.why("Splitting gives fewer parts than expected when the input lacks the separator.")
		}
	}
	if length == "0" || strings.HasPrefix(idx, "-") {
		a.emptyOrigin(target.X)
	}
	// A field the failing function only reads is fixed where it is set:
	// the request's input on the line did not make it.
	setElsewhere := a.boundFieldOrigin(target.X, idx, true) || !isNumber(target.Index) && a.boundFieldOrigin(target.Index, idx, false)
	cond := "len(" + target.X + ") <= " + target.Index
	if m := compiled(`^len\(` + regexp.QuoteMeta(target.X) + `\)\s*-\s*(\d+)$`).FindStringSubmatch(target.Index); m != nil {
		// len(x)-k is never past the end: only a short x fails.
		cond = "len(" + target.X + ") < " + m[1]
		if m[1] == "1" {
			cond = "len(" + target.X + ") == 0"
		}
	} else if !isNumber(target.Index) {
		cond = target.Index + " < 0 || " + target.Index + " >= len(" + target.X + ")"
	}
	input := a.indexInput(target.X, target.Index)
	if setElsewhere {
		input = ""
	}
	switch {
	case input == inputKey && isNumber(target.Index):
		// A fixed index into a value built from the request (the parts
		// of a split query value): the client sent a malformed value.
		a.fix(block("Check the length before indexing, and answer the malformed input:", a.guard(cond, "http.StatusBadRequest")...),
			"Check "+code("len("+target.X+")")+" before reading "+code(expr)+", and answer 400 Bad Request.")
		a.fix("The index is fixed; " + code(target.X) + " is built from the request's input, which the client controls: validate its format where it is read and answer 400 Bad Request, saying what format is expected.")
	case input == inputKey:
		a.fix(block("Check the length before indexing:", a.guard(cond, "http.StatusNotFound")...),
			"Check "+code("len("+target.X+")")+" before reading "+code(expr)+", and handle the short case.")
		a.fix("The index comes from the request: validate it where it is parsed and answer 400 Bad Request (or 404 when it names nothing).")
	case input == inputHeader:
		a.absentHeader(target.X)
		a.fix(block("Check the length before indexing, and handle the malformed value:", "if "+cond+" {", "\t// the input is malformed: skip it or use a default", "}"),
			"Check "+code("len("+target.X+")")+" before reading "+code(expr)+", and handle the malformed value.")
		a.fix("The value comes from a request header or cookie, which the client controls: validate the input and handle a malformed value (skip it, use a default or ignore it) instead of assuming its format.")
	default:
		a.fix(block("Check the length before indexing:", "if "+cond+" {", "\t// handle it: return an error or a default", "}"),
			"Check "+code("len("+target.X+")")+" before reading "+code(expr)+", and handle the short case.")
	}
}
