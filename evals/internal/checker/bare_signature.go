package checker

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// bareMethodRe is a method written as a method expression before its
// parameters: "(*decoder).getMapKey(" or "Conn.Close(".
var bareMethodRe = regexp.MustCompile(`^(\(\*?[A-Za-z_]\w*\)|[A-Z]\w*)\.([A-Za-z_]\w*)\(`)

// bareSignature returns, as a declaration ("func mask(realToken []byte)
// string"), a span that quotes one without its keyword: a name or a
// method expression, then parameters of which at least one is written
// with its name and its type ("mask(realToken []byte) string",
// "(*decoder).getMapKey(key string, current reflect.Value) (err
// error)"), and the name it declares. A call ("f(a, b)") names no type
// and is not one; both are "" when the span is not a bare signature.
func bareSignature(s string) (decl, name string) {
	decl = "func " + s
	if m := bareMethodRe.FindStringSubmatchIndex(s); m != nil {
		recv := s[m[2]:m[3]]
		if recv[0] != '(' {
			recv = "(" + recv + ")"
		}
		decl = "func " + recv + " " + s[m[4]:]
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+decl+" {}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return "", ""
	}
	fd, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok || fd.Type.Params == nil {
		return "", ""
	}
	named := false
	for _, p := range fd.Type.Params.List {
		if _, paren := p.Type.(*ast.ParenExpr); paren {
			return "", "" // "Tag(Parts(t))": a call whose argument is one
		}
		named = named || len(p.Names) > 0
	}
	if !named {
		return "", ""
	}
	return decl, fd.Name.Name
}

// checkBareSignatures judges the declarations a sentence quotes without
// their keyword ("`mask(realToken []byte) string` takes only the
// token"), by checkSignature with any receiver unless the span writes
// one: contradicted when the module's functions of that name all take
// or give other types. A name an interface of the module declares as a
// method is left alone (the sentence may mean the interface's), as is a
// sentence that may quote code on purpose (a fix, an example).
func (c *Checker) checkBareSignatures(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		span := strings.TrimSpace(prose[loc[2]:loc[3]])
		_, name := bareSignature(span)
		if name == "" {
			continue
		}
		if from, to := sentenceAround(prose, loc[0]); proposalWordsRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		if len(c.m.FuncsNamed(name)) == 0 || c.interfaceMethod(name) {
			continue
		}
		if v := c.checkSignature(span); v.v == Contradicted {
			cl := Claim{Text: span, Kind: KindSignature, start: loc[0], end: loc[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: v.reason})
		}
	}
	return results
}

// interfaceMethod reports whether an interface the module declares or
// imports has a method called name.
func (c *Checker) interfaceMethod(name string) bool {
	for _, obj := range c.m.Objects[name] {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
			return true
		}
	}
	return false
}
