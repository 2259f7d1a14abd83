package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// inputRead matches a request input read by name, such as
// r.PostFormValue("email"), chi.URLParam(r, "id"), intParam(r, "id") or
// r.URL.Query().Get("page").
var inputRead = regexp.MustCompile(`\b(\w*(?:FormValue|URLParam|Param|Get))\(\s*(?:\w+\s*,\s*)?"([^"]+)"\s*\)`)

// routeParams returns the parameter names of a chi route pattern
// ("/posts/{slug}/comments/{id:[0-9]+}" gives slug and id).
func routeParams(route string) []string {
	var out []string
	for _, m := range compiled(`\{([^}:]+)(?::[^}]*)?\}`).FindAllStringSubmatch(route, -1) {
		out = append(out, m[1])
	}
	return out
}

// inputMismatch is a request input the code reads under a name the
// request does not have.
type inputMismatch struct {
	Line corpus.Line
	Key  string
	// What is "form field", "route parameter" or "query parameter".
	What string
	// Have are the names of that kind the request does have.
	Have []string
}

// findInputMismatch looks, in the failure's scope and then in the app's
// other windows, for an input read under a name the request lacks while
// it has other inputs of the same kind.
func (a *analysis) findInputMismatch() (inputMismatch, bool) {
	q := a.r.Request
	params := routeParams(q.Route)
	lines := make([]corpus.Line, 0, len(a.c))
	for _, w := range a.s.Scope() {
		lines = append(lines, a.siteLine(w))
	}
	lines = append(lines, a.c...)
	for _, l := range lines {
		for _, m := range inputRead.FindAllStringSubmatch(l.Text, -1) {
			fn, key := m[1], m[2]
			var what string
			var have []string
			switch {
			case strings.HasSuffix(fn, "FormValue"):
				what, have = "form field", sortedKeys(q.Form)
			case strings.HasSuffix(fn, "Param") && len(params) > 0:
				what, have = "route parameter", params
			case strings.HasSuffix(fn, "Param") || fn == "Get":
				what, have = "query parameter", sortedKeys(q.Query)
			}
			if what == "" || len(have) == 0 || contains(have, key) || contains(sortedKeys(q.Query), key) && what != "route parameter" {
				continue
			}
			return inputMismatch{Line: l, Key: key, What: what, Have: have}, true
		}
	}
	return inputMismatch{}, false
}

// explainMismatch adds the explanation of an input read under the wrong
// name.
func (a *analysis) explainMismatch(m inputMismatch) {
	var have []string
	for _, h := range m.Have {
		have = append(have, code(h))
	}
	a.culprit = m.Key
	at := " (the error names it)"
	if m.Line.File != "" {
		at = " at " + quoteLine(m.Line)
	}
	missing := "the request has no " + m.What + " of that name (it has " + strings.Join(have, ", ") + ")"
	if m.What == "route parameter" && a.r.Request.Route != "" {
		missing = "the route " + code(a.r.Request.Route) + " declares no parameter of that name (it declares " + strings.Join(have, ", ") + ")"
	}
	a.why("The code reads the " + m.What + " " + code(`"`+m.Key+`"`) + at + ", but " + missing + ", so the value read is empty.")
	a.fix("Read the " + m.What + " under the name the request uses (" + strings.Join(have, ", ") + "), or rename it where it is declared, so both sides agree.")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
