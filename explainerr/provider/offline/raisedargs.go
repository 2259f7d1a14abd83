package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A nil dereference raised inside a package-level library function (not a
// method) cannot be on a receiver: the nil value is one of the arguments
// the failing line passed.

// nilReturner is a library function known to return nil for some input:
// when it does, and a name for its result.
type nilReturner struct{ when, result string }

// nilReturners are keyed by the function's package name and name.
var nilReturners = map[string]nilReturner{
	"jwt.GetSigningMethod": {"returns `nil` when no signing method is registered under the name it is given (the HMAC ones are `HS256`, `HS384` and `HS512`)", "method"},
}

// raisedByPackageFunc explains a nil dereference raised inside a library
// function the failing line called as pkg.F(args): the nil value is one of
// the arguments. It reports whether it applies.
func (a *analysis) raisedByPackageFunc() bool {
	s := a.s
	if s.Raiser == nil || isMethodName(s.Raiser.Function) {
		return false
	}
	name := lastName(s.Raiser.Function)
	var call linefacts.CallOp
	found := false
	for _, c := range s.Facts.Calls {
		if c.Name == name && c.Receiver != "" && a.isPackageName(c.Receiver) {
			call, found = c, true
			break
		}
	}
	if !found {
		return false
	}
	var args []string
	for _, arg := range call.Args {
		if arg = strings.TrimSpace(arg); arg != "" && !isLiteral(arg) {
			args = append(args, arg)
		}
	}
	if len(args) == 0 {
		return false
	}
	fn := call.Receiver + "." + call.Name
	a.headline("Nil pointer dereference inside "+code(fn), "Nil pointer dereference")
	if len(args) > 1 {
		a.why("A nil pointer was dereferenced inside " + code(fn) + ", a package function the line called: the " + code("nil") + " value is one of the arguments this line passed to it, " + codeList(args) + ".")
		a.fix("Check which of " + codeList(args) + " can be " + code("nil") + " and check it before the call, returning an error instead of continuing.")
		return true
	}
	arg := args[0]
	a.why("A nil pointer was dereferenced inside " + code(fn) + ", a package function the line called, so the " + code("nil") + " value is most likely the one argument it was passed: " + code(arg) + ".")
	inner := ""
	if i := strings.IndexByte(arg, '('); i > 0 && strings.HasSuffix(arg, ")") {
		inner = arg[:i]
	}
	if nr, ok := nilReturners[inner]; ok && inner != "" {
		a.why(code(inner) + " " + nr.when + ".")
		a.g.Add(nr.when)
		v := nr.result
		a.fix(block("Check the result before passing it on:", append([]string{v + " := " + arg}, a.guard(v+" == nil", "http.StatusInternalServerError")...)...),
			"Check the result of "+code(inner)+" for "+code("nil")+" before passing it on, and give it a name it knows.")
		return true
	}
	if inner != "" {
		a.why("If " + code(inner) + " can return " + code("nil") + ", that is the likely source: check what it returns for this input.")
	}
	a.fix("Check " + code(arg) + " for " + code("nil") + " before passing it to " + code(fn) + ", returning an error instead of continuing.")
	return true
}

// isLiteral reports whether the expression is a basic literal, true or
// false: a value the line spells out, never a nil pointer.
func isLiteral(e string) bool {
	if e == "true" || e == "false" {
		return true
	}
	return e != "" && (strings.ContainsRune("\"`'0123456789-", rune(e[0])))
}

// isMethodName reports whether the function name from a trace
// ("pkg/path.(*T).M", "pkg/path.F.func1") is not a package-level function.
func isMethodName(fn string) bool {
	short := qualifiedShort(fn)
	i := strings.IndexByte(short, '.')
	return i < 0 || strings.ContainsAny(short[i+1:], ".()")
}
