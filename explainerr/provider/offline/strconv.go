package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// strconvPass explains a number that did not parse.
var strconvPass = &pass{
	name:    "strconv",
	doc:     "A strconv parse of a value that is not a number or does not fit: where the value came from (often a request input).",
	classes: []Class{ClassStrconvSyntax, ClassStrconvRange},
	needs:   []need{needModule},
	explain: always((*analysis).strconvError),
}

// strconvError explains strconv parse errors.
func (a *analysis) strconvError() {
	caps := a.f.Captures
	fn, value := caps["fn"], caps["value"]
	a.culprit = value
	call, hasCall := corpus.Line{}, false
	if w, ok := a.s.LineMatching(compiled(`strconv\.` + regexp.QuoteMeta(fn) + `\(`)); ok {
		call, hasCall = a.siteLine(w), true
	}
	if a.f.Class == ClassStrconvRange {
		a.headline("Number out of range: " + code(`strconv.`+fn) + " of " + code(`"`+value+`"`))
		a.why(code("strconv."+fn) + " parsed " + code(`"`+value+`"`) + ", but the number does not fit the requested size.")
	} else {
		a.headline("Invalid number: " + code(`strconv.`+fn) + " cannot parse " + code(`"`+value+`"`))
		a.why(code("strconv."+fn) + " was given " + code(`"`+value+`"`) + ", which is not a number in the expected form.")
	}
	if hasCall {
		a.why("It is parsed at " + quoteLine(call) + ".")
	}
	src := a.requestSource(value)
	if src != "" {
		a.why("The value comes from " + src + " of the request, so this is bad client input, not a server failure: it should be a 400, not a 500.")
	} else if value == "" && (hasCall && a.parsedSetting(call) || a.parsedEnvField(fn, call, hasCall)) {
		return
	} else if value == "" {
		named := compiled(`(?i)\bparam(?:eter)?\s+"?(\w+)"?`).FindStringSubmatch(a.r.Error.Message)
		params := routeParams(a.r.Request.Route)
		if m, ok := a.findInputMismatch(); ok {
			a.explainMismatch(m)
		} else if named != nil && len(params) > 0 && !contains(params, named[1]) {
			a.culprit = named[1]
			a.explainMismatch(inputMismatch{Key: named[1], What: "route parameter", Have: params})
		} else if params := routeParams(a.r.Request.Route); len(params) > 0 {
			var quoted []string
			for _, p := range params {
				quoted = append(quoted, code(p))
			}
			a.why("The value was empty. A route parameter read under a name the route does not declare is empty, and the route " + code(a.r.Request.Route) + " declares " + strings.Join(quoted, ", ") + ": check the name the code reads.")
		} else {
			a.why("The value was empty: a missing parameter or field.")
		}
	}
	a.fix(block("Answer a parse failure with 400 Bad Request:", a.answerAndReturn("if err != nil {", "\thttp.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)")...),
		"Answer a parse failure with 400 Bad Request instead of 500.")
	if strings.HasPrefix(src, "the route parameter ") {
		for _, p := range routeParams(a.r.Request.Route) {
			if strings.HasPrefix(src, "the route parameter "+code(p)) {
				a.fix("Or restrict the route to digits with a pattern (" + code("{"+p+":[0-9]+}") + " in chi), so other values get 404.")
			}
		}
	}
}
