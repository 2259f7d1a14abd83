package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// When the stack does not show where an error was made (an error handler
// passed it on after its handler returned), the message often does: the
// app's own fmt.Errorf or errors.New whose format the message matches,
// with its verbs standing for any text.

// reVerb matches a formatting verb of fmt with its flags, width and
// precision ("%v", "%-8s", "%.2f", "%w").
var reVerb = regexp.MustCompile(`%[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// minFormatText is how much literal text a format must hold to identify an
// error: "%w" or "failed: %v" would match anything.
const minFormatText = 10

// errorMakers are the calls that make a new error from a format.
var errorMakers = map[string]bool{"fmt.Errorf": true, "errors.New": true}

// errorMadeAt returns the app's one call to fmt.Errorf or errors.New whose
// format the message msg matches whole; false when none does, or more
// than one place does. The module is searched once per analysis.
func (a *analysis) errorMadeAt(msg string) (sourceLine, bool) {
	m := &a.errMade
	if m.done && m.msg == msg {
		return m.at, m.ok
	}
	m.done, m.msg, m.ok = true, msg, false
	src := a.app()
	if src == nil || msg == "" {
		return m.at, false
	}
	var found []sourceLine
	src.eachDecl(func(f *appFile, d ast.Decl, in string) {
		eachCallIn(d, errorMakers, func(call *ast.CallExpr) {
			if len(call.Args) == 0 {
				return
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING && formatMatches(lit.Value, msg) {
				found = append(found, src.lineOfPos(call.Pos(), in))
			}
		})
	})
	if len(found) == 1 {
		m.at, m.ok = found[0], true
	}
	return m.at, m.ok
}

// formatMatches reports whether msg is what the quoted format literal
// gives, each verb standing for any text; a format with too little text
// of its own matches nothing.
func formatMatches(literal, msg string) bool { return formatMatchesMin(literal, msg, minFormatText) }

// formatMatchesMin is formatMatches with the format's own text at least
// min bytes long: less is enough where other evidence ties the format to
// the message.
func formatMatchesMin(literal, msg string, min int) bool {
	format, err := strconv.Unquote(literal)
	if err != nil || len(reVerb.ReplaceAllString(format, "")) < min {
		return false
	}
	pattern := "^"
	last := 0
	for _, m := range reVerb.FindAllStringIndex(format, -1) {
		pattern += regexp.QuoteMeta(format[last:m[0]]) + verbPattern(format[m[1]-1])
		last = m[1]
	}
	return compiled(pattern + regexp.QuoteMeta(format[last:]) + "$").MatchString(msg)
}

// errorSearch remembers errorMadeAt's answer for one message.
type errorSearch struct {
	done, ok bool
	msg      string
	at       sourceLine
}

// whereHandedOver writes the location of an error an error handler passed
// on (handler.Fail) after the handler that returned it had returned: the
// route says which handler, the stack only who passed it on (at).
func (a *analysis) whereHandedOver(at string) {
	route := a.r.Request.Route
	if route == "" {
		route = a.r.Request.URL
	}
	handlerOf := "the handler of this request"
	if route != "" {
		handlerOf = "the handler of " + code(strings.TrimSpace(a.r.Request.Method+" "+route))
	}
	a.d.where = append(a.d.where, item{"The error was returned by " + handlerOf + ", which had returned by the time the app's error handler passed it on at " + at + ": the stack does not show where the error was made."})
	if l, ok := a.errorMadeAt(strings.TrimSpace(a.r.Error.Message)); ok {
		a.d.where = append(a.d.where, item{"Its message matches the error made at " + a.cite(l) + "."})
	}
}

// verbPattern is what a formatting verb can print: digits for %d, a
// quoted text for %q, any text for %v, %s and %w.
func verbPattern(verb byte) string {
	switch verb {
	case 'd':
		return `[-+]?\d+`
	case 'x', 'X':
		return `[-+]?(?:0[xX])?[0-9a-fA-F]+`
	case 'e', 'E', 'f', 'F', 'g', 'G':
		return `[-+]?(?:[0-9.]+(?:[eE][-+]?\d+)?|Inf|NaN)`
	case 't':
		return `(?:true|false)`
	case 'q':
		return `(?:"(?s:.*?)"|'.*?'|` + "`(?s:.*?)`" + `)`
	}
	return `(?s:.*?)`
}
