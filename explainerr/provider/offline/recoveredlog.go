package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/report"
)

// An app's recoverer takes the panic value, but it usually logs it: the
// request's captured log then holds the value the report lacks. That
// logged value is analysed as the panic's, and the explanation says where
// it came from.

// reErrorLine matches a log line at an error level, or one about a panic.
var reErrorLine = regexp.MustCompile(`(?i)\blevel=(?:error|fatal|panic)\b|^\s*(?:\S+\s+){0,3}ERROR\b|\bpanic`)

// useRecoveredLogValue makes the value an app's recoverer logged the
// failure to analyse, when the report has no panic value and an
// error-level line of the request names one a failure class recognises.
// It reports whether it did.
func (a *analysis) useRecoveredLogValue() bool {
	if a.r.Error.Recoverer == "" || a.f.Class != ClassUnknown {
		return false
	}
	// A line that holds a trace through panic is the recoverer's own: it
	// is preferred to other error lines of the request.
	for _, needPanic := range []bool{true, false} {
		for i := len(a.r.Logs) - 1; i >= 0; i-- {
			text := failureclass.LogText(a.r.Logs[i].Text)
			if !reErrorLine.MatchString(text) || needPanic && !strings.Contains(text, "panic(") {
				continue
			}
			f := failureclass.Classify(report.Error{Kind: report.KindPanic, Message: failureclass.LogMessage(text)})
			if f.Class == ClassUnknown || f.Class == ClassDeliberatePanic {
				continue
			}
			a.g.Add(text)
			a.recoveredLog = text
			a.f = f
			return true
		}
	}
	return false
}

// explainRecoveredFromLog says that the panic value analysed is the one
// the request logged.
func (a *analysis) explainRecoveredFromLog() {
	rec := shortFunction(a.r.Error.Recoverer)
	a.g.Add(a.r.Error.Recoverer, rec)
	a.why("The app's recoverer " + code(rec) + " recovered the panic and answered the request itself, so the report has no panic value; the request's log has it: " + code(shorten(failureclass.LogMessage(a.recoveredLog), 160)) + " (from the logged line " + code(shorten(a.recoveredLog, 120)) + "). That logged value is what is analysed here.")
}

// indexKind tells, from the declared type of the indexed value, whether
// an index expression reads a map ("map"), a slice, array or string
// ("sequence"), or "" when the source does not say.
func (a *analysis) indexKind(x string) string {
	kind := func(typ string) string {
		typ = strings.TrimLeft(strings.TrimSpace(typ), "*")
		switch {
		case strings.HasPrefix(typ, "map["):
			return "map"
		case strings.HasPrefix(typ, "["), typ == "string":
			return "sequence"
		}
		return ""
	}
	if _, typ, ok := a.declaration(lastSelector(x)); ok {
		if k := kind(typ); k != "" {
			return k
		}
	}
	src := a.app()
	if src == nil {
		return ""
	}
	var types []ast.Expr
	if isIdent(x) {
		if t := a.declaredType(src, x); t != nil {
			types = append(types, t)
		}
	} else if f := lastSelector(x); isIdent(f) {
		types = src.fieldTypes(f)
	}
	out := ""
	for _, t := range types {
		k := ""
		switch u := t.(type) {
		case *ast.MapType:
			k = "map"
		case *ast.ArrayType:
			k = "sequence"
		case *ast.Ident:
			if u.Name == "string" {
				k = "sequence"
			} else if d := src.typeDecl(u.Name); d != nil {
				if _, ok := d.(*ast.MapType); ok {
					k = "map"
				} else if _, ok := d.(*ast.ArrayType); ok {
					k = "sequence"
				}
			}
		}
		if k == "" || out != "" && out != k {
			return "" // unknown, or fields of that name disagree
		}
		out = k
	}
	return out
}
