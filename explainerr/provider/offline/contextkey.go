package offline

import (
	"fmt"
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A value read from a request's context with a one-result type assertion,
// r.Context().Value(key).(T), panics with "interface {} is nil" when the
// context holds nothing under key. That is rarely a type problem: the key
// read differs from the key the setter used (a string "request-id" is not
// the middleware's ctxKey("request-id")), or the middleware that sets it
// does not run on this route.

// reValueKey finds the key of a Value(key) call at the end of an expression.
var reValueKey = regexp.MustCompile(`\bValue\((.+)\)$`)

// reWithValue finds the key of a context.WithValue(ctx, key, value) call,
// and the value when it is a plain name.
var reWithValue = regexp.MustCompile(`\bWithValue\(\s*[^,]+,\s*([^,]+?)\s*,(?:\s*([A-Za-z_]\w*)\s*\))?`)

// contextSetter is a context.WithValue call of the app.
type contextSetter struct {
	line sourceLine
	key  string
	// value is the variable stored, when the call stores one; before
	// holds the lines of its function up to the call, the first at
	// number from.
	value  string
	before []string
	from   int
}

// contextSetters returns the app's context.WithValue calls.
func (a *analysis) contextSetters() []contextSetter {
	var out []contextSetter
	if src := a.app(); src != nil {
		src.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
			start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
			for n := start; n <= end && n <= len(f.text()); n++ {
				if m := reWithValue.FindStringSubmatch(f.text()[n-1]); m != nil {
					out = append(out, contextSetter{line: sourceLine{Path: f.path, Line: n, Text: strings.TrimSpace(f.text()[n-1]), Func: funcName(fd)},
						key: m[1], value: m[2], before: f.text()[start-1 : n-1], from: start})
				}
			}
		})
		return out
	}
	if l, ok := a.c.First(reWithValue); ok {
		m := reWithValue.FindStringSubmatch(l.Text)
		out = append(out, contextSetter{line: sourceLine{Path: l.File, Line: l.Number, Text: strings.TrimSpace(l.Text)}, key: m[1]})
	}
	return out
}

// explainMissingContextValue explains a nil read from a context under key
// expr (the Value call's receiver and argument). It reports whether the
// read was a context Value call.
func (a *analysis) explainMissingContextValue(x, typ, lhs string) bool {
	m := reValueKey.FindStringSubmatch(x)
	if m == nil || !strings.Contains(x, "Context()") && !strings.Contains(strings.ToLower(x), "ctx") {
		return false
	}
	key := strings.TrimSpace(m[1])
	a.headline("A value missing from the request context: "+code(x), "A value missing from the request context")
	a.why(code(x+".("+typ+")") + " found no value in the context under " + code(key) + ": " + code("Value") + " returned " + code("nil") + ", and the one-result type assertion panics on it. The type asserted is not the problem; the value is missing.")
	setters := a.contextSetters()
	same := func(k string) bool { return unqualify(k) == unqualify(key) }
	var match, other []contextSetter
	for _, s := range setters {
		if same(s.key) {
			match = append(match, s)
		} else {
			other = append(other, s)
		}
	}
	// A key named like the key read ("request-id" and ctxKeyRequestID)
	// is the one meant; any other key is another value's.
	var alike []contextSetter
	for _, s := range other {
		if strings.Contains(letters(s.key), letters(key)) || strings.Contains(letters(key), letters(s.key)) {
			alike = append(alike, s)
		}
	}
	switch {
	case len(match) > 0:
		a.why("The app stores a value under the same key at " + a.cite(match[0].line) + ", so that code did not run for this request: the middleware that sets it is not installed on this route, or it runs after this handler, or it stored the value on a request copy this handler did not get.")
		a.fix("Install the middleware that calls " + code("WithValue") + " (" + code(match[0].line.Func) + ") around this route, before the handler.")
	case len(alike) > 0:
		printsSame := ""
		if letters(alike[0].key) == letters(key) {
			printsSame = ", even though they spell the same name"
		}
		a.why("The key used here is not the key the setter used: the app stores a value with " + a.cite(alike[0].line) + ", under " + code(alike[0].key) + ". Context keys are compared by type and value, so " + code(key) + " never finds a value stored under " + code(alike[0].key) + printsSame + ".")
		a.fix("If that is the value meant, read it with the setter's key (" + code(alike[0].key) + "), best through an accessor function exported next to it, instead of repeating the key here.")
	case len(other) > 0:
		more := ""
		if len(other) > 1 {
			more = fmt.Sprintf(", and %d more", len(other)-1)
		}
		a.why("No code of the app stores a value under " + code(key) + ": its " + code("context.WithValue") + " calls use other keys (" + code(other[0].key) + " at " + a.cite(other[0].line) + more + "), so this read finds nothing on any request that reaches it.")
		a.fix("Store the value under " + code(key) + " in a middleware that runs before this handler, or read it from where the app actually keeps it.")
	default:
		a.why("No code of the app stores a value under " + code(key) + " with " + code("context.WithValue") + ": the middleware that sets it is not installed on this route, or the key differs.")
		a.fix("Make sure the middleware that stores the value runs before this handler, with the same key.")
	}
	if lhs != "" && lhs != "_" {
		a.g.Add("ok") // the comma-ok form names its boolean ok
		a.fix(block("Use the comma-ok form, so that a missing value is handled instead of panicking:", lhs+", ok := "+x+".("+typ+")", "if !ok {", "\t// the value is missing: answer an error or use a default", "}"),
			"Use the comma-ok form ("+code(lhs+", ok := "+x+".("+typ+")")+"), so that a missing value is handled instead of panicking.",
			"Use the comma-ok form of the type assertion, so that a missing value is handled instead of panicking.")
	} else {
		a.fix("Use the comma-ok form of the type assertion, so that a missing value is handled instead of panicking.")
	}
	return true
}

// letters returns the lower-case letters of s: "requestid" for both
// "request-id" and RequestID.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z':
			return r
		case 'A' <= r && r <= 'Z':
			return r - 'A' + 'a'
		}
		return -1
	}, s)
}

// reContextRead matches a value read from a context with a one-result
// type assertion to a pointer: r.Context().Value("article").(*Article).
var reContextRead = regexp.MustCompile(`\bValue\((.+)\)\.\((\*[\w.\[\]]+)\)$`)

// contextNilOrigin explains a nil pointer root read from the request's
// context (op, at line l): the assertion succeeded, so a setter stored a
// nil pointer of that type. It names the setter that stores under the
// same key and, when it stores a variable whose error was discarded above
// it, that call; sure says root is certainly the nil value. It reports
// whether op was such a read.
func (a *analysis) contextNilOrigin(root string, op linefacts.AssignOp, l corpus.Line, sure bool) bool {
	m := reContextRead.FindStringSubmatch(strings.TrimSpace(op.RHS))
	if m == nil || len(op.LHS) != 1 {
		return false
	}
	key, typ := strings.TrimSpace(m[1]), m[2]
	var setter *contextSetter
	for _, s := range a.contextSetters() {
		if unqualify(s.key) == unqualify(key) {
			setter = &s
			break
		}
	}
	if sure {
		a.why(code(root) + " comes from the request's context, " + quoteLine(l) + ": the type assertion succeeded, so what is stored under " + code(key) + " is " + aCode(typ) + " that is " + code("nil") + ".")
	} else {
		a.why(code(root) + " comes from the request's context, " + quoteLine(l) + ": if it is the " + code("nil") + " value, what is stored under " + code(key) + " is " + aCode(typ) + " that is " + code("nil") + " (the type assertion succeeded).")
	}
	if setter == nil {
		return true
	}
	a.why("It is stored by " + a.cite(setter.line) + ".")
	if setter.value == "" {
		return true
	}
	discard := compiled(`^\s*` + regexp.QuoteMeta(setter.value) + `\s*,\s*_\s*:?=\s*(.+?)\s*$`)
	for i := len(setter.before) - 1; i >= 0; i-- {
		if dm := discard.FindStringSubmatch(setter.before[i]); dm != nil {
			at := sourceLine{Path: setter.line.Path, Line: setter.from + i, Text: strings.TrimSpace(setter.before[i]), Func: setter.line.Func}
			a.why(code(setter.value) + " is set there by " + a.cite(at) + ", which discards the error: when " + code(dm[1]) + " fails (nothing found, say), " + code(setter.value) + " is " + code("nil") + " and is stored all the same.")
			a.fix("In " + code(setter.line.Func) + ", check the error of " + code(dm[1]) + " and answer it there (404 Not Found when nothing matches) instead of storing a " + code("nil") + " " + code(setter.value) + ".")
			return true
		}
	}
	a.fix("Make " + code(setter.line.Func) + " store " + code(setter.value) + " only when it is not " + code("nil") + ", and answer the request there otherwise.")
	return true
}
