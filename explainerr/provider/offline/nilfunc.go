package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// Calling a nil func value panics with the same "nil pointer dereference"
// as reading through a nil pointer. A call of a func value is one more
// candidate of the failing line: a field or variable of func type, or a
// func read from a map or slice (a missing map key gives a nil func).

// funcValueCalls returns the calls of the failing line that call a func
// value rather than a declared function or method.
func (a *analysis) funcValueCalls() []linefacts.CallOp {
	var out []linefacts.CallOp
	for _, c := range a.s.Facts.Calls {
		if a.isFuncValue(c) || (c.Indexed && !a.isGenericInstantiation(c)) {
			out = append(out, c)
		}
	}
	return out
}

// isGenericInstantiation reports whether the indexed callee of c is a
// generic function with a type argument ("Map[int](xs)") rather than a
// func value read from a map or slice: the corpus declares the function
// with type parameters, or the index is written as a type.
func (a *analysis) isGenericInstantiation(c linefacts.CallOp) bool {
	i := strings.IndexByte(c.Fun, '[')
	if i <= 0 || !strings.HasSuffix(c.Fun, "]") {
		return false
	}
	name, index := lastSelector(c.Fun[:i]), strings.TrimSpace(c.Fun[i+1:len(c.Fun)-1])
	if isIdent(name) {
		if _, ok := a.c.First(compiled(`^\s*func\s+(?:\([^)]*\)\s*)?` + regexp.QuoteMeta(name) + `\s*\[`)); ok {
			return true
		}
	}
	return predeclaredTypes[index] || typeShaped.MatchString(index)
}

// typeShaped matches an expression that can only be a type.
var typeShaped = regexp.MustCompile(`^(?:\[\]|\*|map\[|chan\b|func\(|struct\s*\{|interface\s*\{)`)

// predeclaredTypes are Go's predeclared type names.
var predeclaredTypes = map[string]bool{
	"bool": true, "byte": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "rune": true, "string": true, "uint": true, "uint8": true, "uint16": true,
	"uint32": true, "uint64": true, "uintptr": true, "any": true,
}

// funcTypedInSource reports whether the app's parsed source declares the
// callee of c with a func type: a variable or parameter of the failing
// function, or a field every struct with a field of that name declares so.
func (a *analysis) funcTypedInSource(c linefacts.CallOp) bool {
	src := a.app()
	if src == nil || c.Name == "" {
		return false
	}
	if c.Receiver == "" {
		_, ok := a.declaredType(src, c.Name).(*ast.FuncType)
		return ok
	}
	types := src.fieldTypes(c.Name)
	for _, t := range types {
		if _, ok := t.(*ast.FuncType); !ok {
			return false
		}
	}
	return len(types) > 0
}

// weighFuncCandidates adds the evidence the corpus gives about the func
// value candidates (funcs, by expression): a field of the failing
// method's receiver that the owner's constructor does not set.
func (a *analysis) weighFuncCandidates(cands []nilCandidate, funcs map[string]linefacts.CallOp) {
	for i := range cands {
		c := &cands[i]
		if _, ok := funcs[c.Expr]; !ok {
			continue
		}
		c.Func = true
		if c.NotNil != "" || c.evidence() {
			continue
		}
		owner := a.ownerType(c.Expr)
		if owner == "" {
			continue
		}
		if src := a.app(); src != nil && src.setsField("", lastSelector(c.Expr)) {
			continue
		}
		if ctor, sets, ok := a.constructorFor(owner, lastSelector(c.Expr)); ok && !sets {
			c.Owner, c.Field, c.Built = owner, lastSelector(c.Expr), &ctor
		}
	}
}

// explainFuncCandidate says, for a func value among several candidates,
// how calling it can panic, and how to guard the call.
func (a *analysis) explainFuncCandidate(c linefacts.CallOp) {
	if c.Indexed {
		a.why(code(c.Fun) + " is a func value the line calls, read by index: a map gives " + code("nil") + " for a missing key, and calling a " + code("nil") + " func panics with this same error.")
	} else {
		a.why(code(c.Fun) + " is a func value the line calls: calling it while it is " + code("nil") + " panics with this same error.")
	}
	a.fix(block("Check the func value before calling it:", a.funcGuard(c)...),
		"Check "+code(c.Fun+" != nil")+" before calling it.")
}

// funcGuard is the snippet that calls the func value of c only when it is
// set.
func (a *analysis) funcGuard(c linefacts.CallOp) []string {
	return []string{"if " + c.Fun + " != nil {", "\t" + c.Fun + "(" + strings.Join(c.Args, ", ") + ")", "}"}
}
