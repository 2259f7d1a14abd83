package offline

import (
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// optionPass is an option a literal of a library's type was given
// (appsource.OptionPass): the literal's type as written, the value, and
// where.
type optionPass struct {
	typ, value string
	at         sourceLine
	fn         appsource.FuncRef
}

// optionLeftEmpty explains msg when it says a library's option must be
// set and a function the request ran passes that option in a literal of
// another package's type (appsource.Module.EmptyOption); it reports
// whether it did.
func (a *analysis) optionLeftEmpty(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	option, op, ok := src.mod.EmptyOption(msg, a.reached())
	if !ok {
		return false
	}
	p := optionPass{typ: op.Type, value: op.Value, at: originLine(op.Func, op.Line), fn: op.Func}
	a.g.Add(option, p.typ, p.value, p.at.Text)
	a.culprit = p.value
	a.headline("An empty " + code(option) + " passed to " + code(p.typ))
	a.why("The error says " + code(shorten(msg, 120)) + ": the library refuses an empty " + code(option) + ". " + a.cite(p.at) + " passes " + code(option+": "+p.value) + " in its " + code(p.typ) + ", so " + code(p.value) + " was empty for this request.")
	if set, ok := a.fieldSetFrom(p); ok {
		a.g.Add(set.Text)
		a.why(code(p.value) + " is set at " + a.cite(set) + ".")
		if settingRead.MatchString(set.Text) {
			a.why("That value is read from the app's configuration: the setting was empty when the app started.")
			a.fix("Set that setting in the app's configuration, or give " + code(fieldOf(p.value)) + " a default in " + code(set.Func) + " (" + code(a.fileLoc(set.Path, set.Line)) + ") when the setting is empty.")
			return true
		}
		a.fix("Give " + code(p.value) + " a value at " + code(a.fileLoc(set.Path, set.Line)) + ", or a default when what it is set from is empty.")
		return true
	}
	a.fix("Make sure " + code(p.value) + " is set before " + code(a.fileLoc(p.at.Path, p.at.Line)) + ", or give " + code(option) + " a default there.")
	return true
}

// settingRead matches code that reads the app's configuration.
var settingRead = regexp.MustCompile(`(?i)\b(?:cfg|conf|config|configuration|settings|opts|options|env)\b\.|viper\.Get|os\.Getenv|os\.LookupEnv`)

// fieldSetFrom returns the line of the literal that sets the field an
// option's value reads (appsource.Module.FieldSetFrom).
func (a *analysis) fieldSetFrom(p optionPass) (sourceLine, bool) {
	fn, line, ok := a.app().mod.FieldSetFrom(appsource.OptionPass{Type: p.typ, Value: p.value, Func: p.fn, Line: p.at.Line})
	if !ok {
		return sourceLine{}, false
	}
	return originLine(fn, line), true
}

// fieldOf returns the field name of x.f, the whole text otherwise.
func fieldOf(expr string) string {
	if sel, ok := parseSelector(expr); ok {
		return sel[1]
	}
	return expr
}

// parseSelector splits x.f into its two names; false for anything else.
func parseSelector(expr string) ([2]string, bool) {
	x, f, ok := strings.Cut(expr, ".")
	if !ok || !token.IsIdentifier(x) || !token.IsIdentifier(f) {
		return [2]string{}, false
	}
	return [2]string{x, f}, true
}
