package offline

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A nil value the code made itself (a package-level variable, a template
// looked up by name, a field of the handler's receiver) is a bug in the
// app, not something the request asked for: the advice fixes where the
// value is made, and never answers it with a 404 or a 400.

// reLookup matches a template looked up by name and captures the name.
var reLookup = regexp.MustCompile(`\.Lookup\(\s*"([^"]*)"\s*\)`)

// codeMade is where the failing function's value comes from when the code
// made it.
type codeMade struct {
	// Quoted is the line that sets it, quoted for prose.
	Quoted string
	// RHS is the value it is set to ("" for a declaration alone).
	RHS string
	// Package tells a package-level variable.
	Package bool
}

// madeByCode reports where x's root was made when nothing of the request
// chose it: a package-level variable, a local set from a template Lookup,
// or a field of the method's receiver.
func (a *analysis) madeByCode(x string) (codeMade, bool) {
	root := linefacts.RootIdent(x)
	if root == "" {
		return codeMade{}, false
	}
	if v, ok := a.packageVar(root); ok {
		m := codeMade{Quoted: a.cite(v.Line), RHS: v.RHS, Package: true}
		if v.RHS == "" {
			if l, rhs, ok := a.packageAssignment(root, filepath.Dir(v.Line.Path)); ok {
				m.Quoted, m.RHS = a.cite(l), rhs
			}
		}
		if readsRequest(m.RHS) {
			return codeMade{}, false
		}
		return m, true
	}
	if quoted, rhs, ok := a.valueSource(root); ok && reLookup.MatchString(rhs) {
		return codeMade{Quoted: quoted, RHS: rhs}, true
	}
	return codeMade{}, false
}

// packageAssignment finds a plain assignment "name = value" of a
// package-level variable in the files of its package's directory dir (in
// an init or setup function).
func (a *analysis) packageAssignment(name, dir string) (sourceLine, string, bool) {
	src := a.app()
	if src == nil {
		return sourceLine{}, "", false
	}
	re := compiled(`^\s*` + regexp.QuoteMeta(name) + `\s*=\s*(.+?)\s*$`)
	for _, f := range src.files {
		if filepath.Dir(f.path) != dir {
			continue
		}
		for i, l := range f.text() {
			if m := re.FindStringSubmatch(l); m != nil {
				return sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(l)}, m[1], true
			}
		}
	}
	return sourceLine{}, "", false
}

// nilTemplateLookup explains a nil template that a Lookup by name gave:
// Lookup returns nil for a name the set does not define. It reports
// whether x is such a template.
func (a *analysis) nilTemplateLookup(x string) bool {
	m, ok := a.madeByCode(x)
	if !ok {
		return false
	}
	lm := reLookup.FindStringSubmatch(m.RHS)
	if lm == nil {
		return false
	}
	name := lm[1]
	a.why(code(linefacts.RootIdent(x)) + " is set at " + m.Quoted + ". " + code("(*template.Template).Lookup") + " returns " + code("nil") + " when the set has no template called " + code(`"`+name+`"`) + ": a wrong name there is a bug in the app, not a page the client asked for that does not exist.")
	names := a.moduleTemplateNames()
	switch {
	case len(names) > 0 && !contains(names, name):
		a.g.Add(names...)
		a.why("The module's template files and " + code(`{{define}}`) + " blocks have the names " + codeList(quoteAll(names)) + "; " + code(`"`+name+`"`) + " is not among them.")
		if s := closest(name, names, 3); s != "" {
			a.fix("Correct the name at that line: " + code(`"`+name+`"`) + " → " + code(`"`+s+`"`) + ".")
		} else {
			a.fix("Look the template up under the name it was parsed with: its file's base name, or the name in its " + code(`{{define}}`) + ".")
		}
	case len(names) > 0:
		a.why("The module has a template called " + code(`"`+name+`"`) + ", so check that the parse call really includes its file.")
		a.fix("Make sure the parse call (the file list or glob) includes the file of " + code(`"`+name+`"`) + ".")
	default:
		a.fix("Look the template up under the exact name it was parsed with (a file's base name, or the name in its " + code(`{{define}}`) + ").")
	}
	a.fix("Check the result of each Lookup where the templates are loaded and stop at startup when it is " + code("nil") + ", or run the template with " + code("(*template.Template).ExecuteTemplate") + ", which returns an error for an unknown name instead of panicking.")
	return true
}

// quoteAll returns the names in double quotes.
func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = `"` + n + `"`
	}
	return out
}

// codeMadeGuard is the fix that checks a nil value the code made: the
// request is not at fault, so the snippet answers 500 and says to fix
// where the value is made.
func (a *analysis) codeMadeGuard(x string, m codeMade) string {
	a.why(code(linefacts.RootIdent(x)) + " is set by the app itself, at " + m.Quoted + ", not from the request: a " + code("nil") + " there is a bug to fix where it is set.")
	if a.inHandler() && !a.noResponseWriter() {
		return block("Fix where it is set; until then, check it and answer 500 (the request is not at fault):", a.guard(x+" == nil", "http.StatusInternalServerError")...)
	}
	return "Fix where " + code(linefacts.RootIdent(x)) + " is set so that it is never " + code("nil") + " when this line runs."
}

// readsRequest reports whether the code text reads request input: a
// route parameter, query, form value, header or cookie.
func readsRequest(text string) bool {
	return compiled(reRequestKey).MatchString(text) || compiled(reRequestHeader).MatchString(text) || compiled(reRequestForm).MatchString(text)
}
