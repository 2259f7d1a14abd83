package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// Decoding JSON into an interface{} (a map[string]interface{}, a []any)
// leaves the dynamic types to encoding/json: float64 for every number,
// string, bool, []interface{} and map[string]interface{}. Asserting any
// other type on such a value (an int, a []string) fails for every input,
// so a two-result assertion that rejects the mismatch would reject every
// request: the advice is to assert what the decoder stores and convert,
// or to decode into a struct with typed fields.

// jsonStoredTypes are the dynamic types encoding/json stores in an
// interface{}, as a failed assertion's message names them.
var jsonStoredTypes = map[string]bool{
	"float64": true, "string": true, "bool": true,
	"[]interface {}": true, "map[string]interface {}": true, "json.Number": true,
}

// numericTypes are the Go number types a JSON number is often asserted as.
var numericTypes = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "float32": true,
}

// reUntypedJSON matches the declared types that leave encoding/json to
// choose the dynamic types of the values.
var reUntypedJSON = `^(?:map\[string\](?:interface\{\}|any)|\[\](?:interface\{\}|any)|interface\{\}|any)$`

// jsonDecode is a JSON decode, in the failing function, into a variable
// whose type leaves the dynamic types to the decoder.
type jsonDecode struct {
	Var      string
	Type     string
	Line     sourceLine
	FromBody bool // the decoded data is the request body
}

// untypedJSONDecodes returns the failing function's json.Unmarshal and
// Decode calls into such variables.
func (a *analysis) untypedJSONDecodes() []jsonDecode {
	f, fd := a.failingFunc()
	if fd == nil || fd.Body == nil {
		return nil
	}
	src := a.app()
	var out []jsonDecode
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		arg, data := -1, ""
		switch {
		case sel.Sel.Name == "Unmarshal" && len(call.Args) == 2:
			arg, data = 1, src.exprText(f, call.Args[0])
		case sel.Sel.Name == "Decode" && len(call.Args) == 1:
			arg, data = 0, src.exprText(f, sel.X)
		default:
			return true
		}
		ref, ok := call.Args[arg].(*ast.UnaryExpr)
		if !ok {
			return true
		}
		id, ok := ref.X.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := a.localAssignment(id.Name)
		typ := v.Type
		if typ == "" {
			// A composite literal: map[string]any{}.
			typ = strings.TrimSuffix(v.RHS, "{}")
		}
		if !ok || !compiled(reUntypedJSON).MatchString(typ) {
			return true
		}
		if sel.Sel.Name == "Decode" && !strings.Contains(data, "json") && !strings.Contains(data, "dec") {
			return true
		}
		fromBody := strings.Contains(data, "Body")
		if !fromBody && isIdent(data) {
			if dv, ok := a.localAssignment(data); ok {
				fromBody = strings.Contains(dv.RHS, "Body")
			}
		}
		out = append(out, jsonDecode{Var: id.Name, Type: typ, Line: src.lineAt(f, call.Pos(), funcName(fd)), FromBody: fromBody})
		return true
	})
	return out
}

// jsonSourceOf returns the decode x's value comes from: x reads the
// decoded variable, or a variable assigned from it.
func (a *analysis) jsonSourceOf(x string) (jsonDecode, bool) {
	root := linefacts.RootIdent(x)
	if root == "" {
		return jsonDecode{}, false
	}
	decodes := a.untypedJSONDecodes()
	for step := 0; step < 3 && root != ""; step++ {
		for _, d := range decodes {
			if d.Var == root {
				return d, true
			}
		}
		v, ok := a.localAssignment(root)
		if !ok {
			break
		}
		root = linefacts.RootIdent(v.RHS)
	}
	return jsonDecode{}, false
}

// jsonAssertion explains a failed assertion on a value encoding/json
// chose the type of, when the asserted type is one the decoder never
// stores. It reports whether it did.
func (a *analysis) jsonAssertion(target linefacts.AssertOp, want, actual string) bool {
	if !jsonStoredTypes[actual] || jsonStoredTypes[want] || want == "interface {}" {
		return false
	}
	d, decoded := a.jsonSourceOf(target.X)
	if !decoded && actual != "float64" && !strings.HasPrefix(actual, "[]interface") && !strings.HasPrefix(actual, "map[string]interface") {
		return false
	}
	expr := target.X + ".(" + target.Type + ")"
	stores := "encoding/json stores every JSON number as a " + code("float64") + ", every array as a " + code("[]interface {}") + " and every object as a " + code("map[string]interface {}") + "; it never stores " + aCode(want) + "."
	hedge := ""
	if decoded {
		a.why(code(d.Var) + " is filled by the JSON decode at " + a.cite(d.Line) + ", into a variable of type " + code(d.Type) + ". Decoding into an interface{} value, " + stores + " So " + code(expr) + " never succeeds, whatever JSON is decoded" + forEveryRequest(d.FromBody) + ".")
	} else {
		a.why(strings.ToUpper(aCode(actual)[:1]) + aCode(actual)[1:] + " where " + aCode(want) + " was expected is what JSON decoded into an interface{} value (a " + code("map[string]interface{}") + " or " + code("any") + ") holds: " + stores + " If this value comes from such a decode, " + code(expr) + " never succeeds, whatever JSON is decoded.")
		hedge = "If the value comes from JSON: "
	}
	key := ""
	if m := compiled(`\["([^"]+)"\]$`).FindStringSubmatch(target.X); m != nil {
		key = m[1]
	}
	lhs, define := "", false
	for _, as := range a.s.Facts.Assigned {
		if strings.HasSuffix(as.RHS, expr) && len(as.LHS) == 1 && as.LHS[0] != "_" {
			lhs, define = as.LHS[0], as.Define
		}
	}
	if numericTypes[want] && actual == "float64" {
		a.g.Add("n", "ok") // the names the snippet introduces
		handle := []string{"\t// the value is missing or not a number"}
		if d.FromBody {
			handle = []string{"\thttp.Error(w, " + `"` + orWord(key, "value") + ` must be a number", http.StatusBadRequest)`, "\treturn"}
		}
		lines := append([]string{"n, ok := " + target.X + ".(float64)", "if !ok {"}, handle...)
		lines = append(lines, "}")
		if lhs != "" {
			lines = append(lines, assignment(lhs, define, want+"(n)"))
		}
		a.fix(block(hedge+"Assert "+code("float64")+", the type the decoder stores, and convert it:", lines...),
			hedge+"Assert "+code("float64")+", the type the decoder stores, and convert it to "+code(want)+".")
	} else {
		a.fix(hedge + "Assert " + code(actual) + ", the type the decoder stores, and convert it (the elements of a " + code("[]interface {}") + " and the values of a " + code("map[string]interface {}") + " are themselves interface{} values to assert one by one).")
	}
	if key != "" {
		field := exportedName(key)
		a.g.Add(field) // the struct field the snippet introduces
		a.fix(block("Or decode into a struct with typed fields: the decoder then converts the value, and a value of the wrong JSON type is an error from the decode:", "var body struct {", "\t"+field+" "+want+" `json:\""+key+"\"`", "}"),
			"Or decode into a struct with a "+code(want)+" field tagged "+code(`json:"`+key+`"`)+": the decoder then converts the value itself.")
	} else {
		a.fix("Or decode into a struct (or a variable) of the type you want: the decoder then converts the value, and a value of the wrong JSON type is an error from the decode.")
	}
	if numericTypes[want] && actual == "float64" {
		a.fix("Or call " + code("(*json.Decoder).UseNumber") + " before decoding, which stores numbers as " + code("json.Number") + "; " + code("json.Number.Int64") + " converts them.")
	}
	return true
}

// orWord returns s, or else when s is empty.
func orWord(s, orElse string) string {
	if s == "" {
		return orElse
	}
	return s
}

// exportedName turns a JSON key into a Go field name: "id" -> "ID",
// "due_date" -> "DueDate".
func exportedName(key string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(key, func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
		if strings.EqualFold(part, "id") {
			b.WriteString("ID")
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	if b.Len() == 0 || !isIdent(b.String()) {
		return "Value"
	}
	return b.String()
}

// assertedFromRequest reports whether the asserted value x comes from the
// request: a decode of its body, or a parameter, header or form value.
func (a *analysis) assertedFromRequest(x string) bool {
	if d, ok := a.jsonSourceOf(x); ok && d.FromBody {
		return true
	}
	return a.indexInput(x, "") != inputNone || compiled(reRequestForm).MatchString(x)
}

// forEveryRequest says that an assertion on a decode of the request body
// fails for every request that reaches it; "" for other input.
func forEveryRequest(fromBody bool) string {
	if fromBody {
		return ": every request that reaches this line fails here, whatever the client sends"
	}
	return ""
}
