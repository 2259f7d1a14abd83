package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
)

// An app's own error helper often logs a line of its making around the
// error, with separators and fields of its choosing:
//
//	logMessage := fmt.Sprintf("%s -- %v -- %d", message, err, status)
//
// Such a line ("unable to save file -- open data/f1: no such file or
// directory -- 500") is no message any error maker of the module wrote;
// the part the format gave the error is. The module's formats that put
// an error in a line, other than fmt.Errorf's, read it back.

// errorLineFact is a format literal whose verb number Verb (from 0) is
// given an error: err, a name ending in "err", or x.Error().
type errorLineFact struct {
	Format string
	Verb   int
}

// errorLineFormat reads a call, other than an error maker's, given a
// format literal followed by one argument per verb, one of them an
// error.
func errorLineFormat(call *ast.CallExpr) (errorLineFact, bool) {
	if _, _, maker := errorMakerFormat(call); maker {
		return errorLineFact{}, false
	}
	for i, a := range call.Args {
		lit, ok := a.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			continue
		}
		format, err := strconv.Unquote(lit.Value)
		if err != nil {
			return errorLineFact{}, false
		}
		verbs := 0
		for _, v := range reVerb.FindAllString(format, -1) {
			if v != "%%" {
				verbs++
			}
		}
		rest := call.Args[i+1:]
		if verbs < 2 || verbs != len(rest) {
			return errorLineFact{}, false
		}
		for j, arg := range rest {
			if isErrorValue(arg) {
				return errorLineFact{Format: lit.Value, Verb: j}, true
			}
		}
		return errorLineFact{}, false
	}
	return errorLineFact{}, false
}

// isErrorValue reports whether e reads as an error: err, a name ending
// in "err" or "Err", or a call of its Error method.
func isErrorValue(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return strings.HasSuffix(strings.ToLower(x.Name), "err")
	case *ast.CallExpr:
		sel, ok := x.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Error" && len(x.Args) == 0
	}
	return false
}

// minErrorLineOwn is how much text of its own a format needs to be
// matched with a line: " -- " twice has 8; "%s: %v" has 2, which would
// split any message.
const minErrorLineOwn = 6

// errorLinePattern is a format made ready to read its error back: the
// pattern of a whole line, its error verb a group.
type errorLinePattern struct {
	re *regexp.Regexp
}

// errorLinePatterns returns the module's error-line formats compiled,
// each format once, made once per module version.
func (m *Module) errorLinePatterns() []errorLinePattern {
	m.errorLinesOnce.Do(func() {
		seen := map[errorLineFact]bool{}
		for _, f := range m.Files {
			for _, el := range f.facts.ErrorLines {
				if seen[el] {
					continue
				}
				seen[el] = true
				if p, ok := newErrorLinePattern(el); ok {
					m.errorLines = append(m.errorLines, p)
				}
			}
		}
	})
	return m.errorLines
}

// newErrorLinePattern compiles el's format: its own texts quoted, its
// verbs any text, the error's verb captured.
func newErrorLinePattern(el errorLineFact) (errorLinePattern, bool) {
	format, err := strconv.Unquote(el.Format)
	if err != nil {
		return errorLinePattern{}, false
	}
	pattern, last, verb, own := "^", 0, 0, 0
	for _, loc := range reVerb.FindAllStringIndex(format, -1) {
		piece := format[last:loc[0]]
		own += len(piece)
		pattern += regexp.QuoteMeta(piece)
		switch {
		case format[loc[0]:loc[1]] == "%%":
			pattern += "%"
		case verb == el.Verb:
			pattern += "(.+?)"
			verb++
		default:
			pattern += "(?:.*?)"
			verb++
		}
		last = loc[1]
	}
	if own += len(format[last:]); own < minErrorLineOwn {
		return errorLinePattern{}, false
	}
	re, err := regexp.Compile("(?s)" + pattern + regexp.QuoteMeta(format[last:]) + "$")
	if err != nil {
		return errorLinePattern{}, false
	}
	return errorLinePattern{re: re}, true
}

// ErrorInLine returns the errors a logged line holds by the module's
// formats that put an error in a line: the part each gave the error,
// read from the line and from each place its message may start after a
// text logger's fields (failureclass.LogTails).
func (m *Module) ErrorInLine(line string) []string {
	patterns := m.errorLinePatterns()
	if len(patterns) == 0 {
		return nil
	}
	var out []string
	for _, text := range append([]string{strings.TrimSpace(line)}, failureclass.LogTails(line)...) {
		for _, p := range patterns {
			if mm := p.re.FindStringSubmatch(text); mm != nil && strings.TrimSpace(mm[1]) != "" {
				out = append(out, strings.TrimSpace(mm[1]))
			}
		}
	}
	return out
}
