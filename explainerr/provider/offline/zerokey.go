package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A lookup that found nothing for the key 0 (or "") often was never given
// the client's key: the handler read the request with a decode or parse
// whose error it dropped, and the key kept its zero value. The fault is
// the dropped error, and the answer the client's 400, not a 404 for a
// record nobody asked for.

// zeroKeyRe matches a message that names a zero or empty key.
var zeroKeyRe = regexp.MustCompile(`(?i)\b(?:id|key|slug|name|uuid)\s*[=:]?\s*(?:0|""|'')(?:[^\w.]|$)`)

// typedParamName matches the name of a helper that reads a request's
// value as a number, a flag or an id (param.UInt64, query.Int).
var typedParamName = regexp.MustCompile(`(?i)^(?:u?int(?:8|16|32|64)?|float(?:32|64)?|bool|uuid|id)$`)

// readsTypedParam reports whether a call reads a value of the request as
// a typed value: a helper named for the type (typedParamName) given the
// request (r, req, c).
func readsTypedParam(ce *ast.CallExpr) bool {
	if !typedParamName.MatchString(appsource.CalleeName(ce.Fun)) {
		return false
	}
	for _, arg := range ce.Args {
		if id, ok := arg.(*ast.Ident); ok && (id.Name == "r" || id.Name == "req" || id.Name == "c" || id.Name == "ctx") {
			return true
		}
	}
	return false
}

// droppedInputError returns the line of the failing function that drops
// the error of a call that decodes or parses (json.Decode, strconv.Atoi):
// assigned to _ or not assigned at all; its text is the call's.
func (a *analysis) droppedInputError() (sourceLine, bool) {
	f, fd := a.failingFunc()
	src := a.app()
	if fd == nil || fd.Body == nil || src == nil {
		return sourceLine{}, false
	}
	var found *ast.CallExpr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		var call ast.Expr
		switch s := n.(type) {
		case *ast.ExprStmt:
			call = s.X
		case *ast.AssignStmt:
			if last, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident); ok && last.Name == "_" && len(s.Rhs) == 1 {
				call = s.Rhs[0]
			}
		}
		if ce, ok := call.(*ast.CallExpr); ok && (parseCall.MatchString(appsource.CalleeName(ce.Fun)) || readsTypedParam(ce)) {
			found = ce
		}
		return true
	})
	if found == nil {
		return sourceLine{}, false
	}
	l := src.lineAt(f, found.Pos(), funcName(fd))
	l.Text = astutil.ExprString(found) // the call, without what the line adds
	return l, true
}

// zeroKeyNotFound explains a not-found for a zero key from a dropped
// decode or parse error. It reports whether it did.
func (a *analysis) zeroKeyNotFound(msg string) bool {
	if !zeroKeyRe.MatchString(msg) {
		return false
	}
	l, ok := a.droppedInputError()
	if !ok {
		return false
	}
	a.g.Add(l.Text, l.Func, baseName(l.Path))
	a.headline("Nothing found for a zero key: the request's input was not read")
	a.why("The error says " + code(shorten(msg, 120)) + ": the key is the zero value, which no client names. " + code(l.Func) + " drops the error of " + code(strings.TrimSpace(l.Text)) + " at " + code(a.fileLoc(l.Path, l.Line)) + ": when the request does not decode, the key keeps its zero value and the lookup finds nothing.")
	a.fix("Check the error at " + code(a.fileLoc(l.Path, l.Line)) + " and answer 400 Bad Request when the request does not decode, instead of looking up the zero key.")
	return true
}
