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

// errorMadeAt returns the app's one call to fmt.Errorf or errors.New whose
// format the message msg matches whole; false when none does, or more
// than one place does.
func (a *analysis) errorMadeAt(msg string) (sourceLine, bool) {
	src := a.app()
	if src == nil || msg == "" {
		return sourceLine{}, false
	}
	var found []sourceLine
	src.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 || !isErrorMaker(call.Fun) {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil || len(reVerb.ReplaceAllString(format, "")) < minFormatText {
				return true
			}
			pattern := "^"
			last := 0
			for _, m := range reVerb.FindAllStringIndex(format, -1) {
				pattern += regexp.QuoteMeta(format[last:m[0]]) + `(?s:.*?)`
				last = m[1]
			}
			pattern += regexp.QuoteMeta(format[last:]) + "$"
			if compiled(pattern).MatchString(msg) {
				line := src.fset.Position(call.Pos()).Line
				found = append(found, sourceLine{Path: f.path, Line: line, Text: strings.TrimSpace(f.lines[line-1]), Func: funcName(fd)})
			}
			return true
		})
	})
	if len(found) != 1 {
		return sourceLine{}, false
	}
	return found[0], true
}

// isErrorMaker reports whether fun names fmt.Errorf or errors.New.
func isErrorMaker(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "fmt" && sel.Sel.Name == "Errorf" || pkg.Name == "errors" && sel.Sel.Name == "New")
}
