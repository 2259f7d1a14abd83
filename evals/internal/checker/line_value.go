package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
)

// lineValueRe is a value a sentence says a cited line gives a variable:
// "replaces a negative `size` with 1 at lru.go:56", "sets `n` to 0 at
// line 40", "resets `count` to 0 (pool.go:12)".
var lineValueRe = regexp.MustCompile("(?i)\\b(?:replaces|sets|resets|clamps|raises|lowers|defaults)\\s+(?:(?:an?|the|any|its)\\s+)?(?:[a-z-]+\\s+)?`([A-Za-z_][\\w.]*)`\\s+(?:with|to)\\s+`?(-?\\d+(?:\\.\\d+)?|true|false|nil)`?\\s+(?:\\(|(?:at|on|in)\\s+)(?:line\\s+\\d+\\s+of\\s+)?`?([\\w./-]+\\.go):(\\d+)")

// checkLineValues judges a value a sentence says the cited line assigns a
// variable ("replaces a negative `size` with 1 at expirable.go:56"):
// contradicted when the statement at that line assigns that variable,
// as written, a literal other than the one said.
func (c *Checker) checkLineValues(prose string, claims []Claim, results []Result) []Result {
	for _, m := range lineValueRe.FindAllStringSubmatchIndex(prose, -1) {
		name, said, file := prose[m[2]:m[3]], prose[m[4]:m[5]], prose[m[6]:m[7]]
		line, err := strconv.Atoi(prose[m[8]:m[9]])
		if err != nil {
			continue
		}
		for _, st := range c.statementsAt(file, line) {
			have, ok := assignedLiteral(st.text, name)
			if !ok || sameLiteral(have, said) {
				continue
			}
			cl := Claim{Text: fmt.Sprintf("%s:%d sets %s to %s", st.file, line, name, said), Kind: KindSetValue, start: m[0], end: m[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("the statement at %s:%d sets %s to %s", st.file, line, name, have)})
		}
	}
	return results
}

// assignedLiteral reads a statement that assigns name one literal or
// predeclared constant ("size = 0"), giving that value as written.
func assignedLiteral(stmt, name string) (string, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+stmt+"\n}", 0)
	if err != nil || len(f.Decls) != 1 {
		return "", false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if len(body.List) != 1 {
		return "", false
	}
	as, ok := body.List[0].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || types.ExprString(as.Lhs[0]) != name || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) {
		return "", false
	}
	switch v := as.Rhs[0].(type) {
	case *ast.BasicLit:
		if v.Kind == token.INT || v.Kind == token.FLOAT {
			return v.Value, true
		}
	case *ast.Ident:
		if v.Name == "true" || v.Name == "false" || v.Name == "nil" {
			return v.Name, true
		}
	}
	return "", false
}

// sameLiteral reports whether two literals as written are the same value
// ("16" and "0x10", "1" and "1.0").
func sameLiteral(a, b string) bool {
	if a == b {
		return true
	}
	x, y := numberLiteral(a), numberLiteral(b)
	return x.Kind() != constant.Unknown && y.Kind() != constant.Unknown && constant.Compare(x, token.EQL, y)
}

// numberLiteral reads a number literal; its kind is Unknown for anything
// else.
func numberLiteral(s string) constant.Value {
	if v := constant.MakeFromLiteral(s, token.INT, 0); v.Kind() != constant.Unknown {
		return v
	}
	return constant.MakeFromLiteral(s, token.FLOAT, 0)
}
