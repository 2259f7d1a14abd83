package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// marshalerCallRe is encoding/json's message for a MarshalJSON or
// MarshalText method that failed while it encoded a value: the method,
// the value's type and what went wrong.
var marshalerCallRe = regexp.MustCompile(`json: error calling (MarshalJSON|MarshalText) for type (\*?[\w./-]+)(?::\s*(.*))?`)

// invalidOutputRe is what encoding/json says of bytes a MarshalJSON
// returned that are not JSON.
var invalidOutputRe = regexp.MustCompile(`^(?:invalid character|unexpected end of JSON input)`)

// marshalerFailed explains a value that encoding/json could not encode
// because a method of the app's type failed: the bytes a MarshalJSON
// returned are not JSON (encoding/json checks them), or the method
// returned an error. The fault is in that method, which no frame shows
// (encoding/json called it and returned), not in any input: it reports
// whether it explained one.
func (a *analysis) marshalerFailed() bool {
	m := marshalerCallRe.FindStringSubmatch(a.f.Message)
	if m == nil {
		return false
	}
	method, typ, detail := m[1], m[2], strings.TrimSpace(m[3])
	if i := strings.LastIndexByte(typ, '/'); i >= 0 {
		typ = typ[i+1:]
	}
	short := strings.TrimPrefix(typ, "*")
	if i := strings.IndexByte(short, '.'); i >= 0 {
		short = short[i+1:]
	}
	a.culprit = short + "." + method
	invalid := invalidOutputRe.MatchString(detail)
	if invalid {
		a.headline("JSON encoding failed: the " + code(method) + " of " + code(typ) + " returned bytes that are not JSON")
		a.why("encoding/json called the " + code(method) + " method of " + code(typ) + " to encode a value of that type, and checked what it returned: " + code(shorten(detail, 120)) + ". It is the encoding of a value the app writes (the response, most often) that failed, not the decoding of anything a client sent.")
	} else {
		a.headline("JSON encoding failed: the " + code(method) + " of " + code(typ) + " returned an error")
		a.why("encoding/json called the " + code(method) + " method of " + code(typ) + " to encode a value of that type, and the method returned an error: " + code(shorten(detail, 120)) + ". encoding/json stops at it, so nothing of the value is written.")
	}
	ret, builtByHand, usesEncoder := a.marshalerReturn(method, m[0])
	if ret != nil {
		a.why("The method is " + a.cite(*ret) + ".")
	}
	switch {
	case invalid && builtByHand:
		a.fix("Make " + code(short+"."+method) + " return JSON that " + code("json.Valid") + " accepts: encode what it writes with " + code("json.Marshal") + " (a string must be quoted and escaped, as " + code("json.Marshal") + " writes it) rather than building the bytes by hand with fmt or string concatenation.")
	case invalid && usesEncoder:
		a.fix("Make " + code(short+"."+method) + " return JSON that " + code("json.Valid") + " accepts: what it adds around the bytes " + code("json.Marshal") + " gives is not JSON.")
	case invalid:
		a.fix("Make " + code(short+"."+method) + " return JSON that " + code("json.Valid") + " accepts (a string quoted and escaped, as " + code("json.Marshal") + " writes it).")
	default:
		a.fix("Handle, in " + code(short+"."+method) + ", the value that makes it fail, or make sure no such value is encoded.")
	}
	a.note("A client's request is not at fault: answering 400 would not help.")
	return true
}

// marshalerReturn finds the module's method that encoding/json called,
// from its message, and returns the line of its first return statement
// with a value, whether that method builds its bytes by hand (fmt, string
// concatenation, a conversion to []byte) and whether it calls an encoder
// (json.Marshal, an Encoder); nil when the method is not in the module.
func (a *analysis) marshalerReturn(method, msg string) (ret *sourceLine, byHand, encoder bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil, false, false
	}
	refs := src.mod.CalledMethods(msg)
	if len(refs) != 1 || refs[0].Decl.Body == nil {
		return nil, false, false
	}
	ref := refs[0]
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if ret == nil && len(n.Results) > 0 {
				l := src.lineAt(src.viewOf(ref.File), n.Pos(), funcName(ref.Decl))
				ret = &l
			}
		case *ast.CallExpr:
			switch callee := astutil.SelectorChain(n.Fun); {
			case strings.HasPrefix(callee, "fmt.") || callee == "strconv.Quote" || callee == "strconv.AppendQuote":
				byHand = true
			case strings.HasSuffix(callee, "json.Marshal") || strings.HasSuffix(callee, ".Encode") || strings.HasSuffix(callee, "json.NewEncoder"):
				encoder = true
			}
			if at, ok := n.Fun.(*ast.ArrayType); ok && at.Len == nil {
				byHand = true // []byte("…" + s + "…")
			}
		}
		return true
	})
	return ret, byHand && !encoder, encoder
}
