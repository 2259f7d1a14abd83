package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// anyRe is the predeclared alias any inside a type.
var anyRe = regexp.MustCompile(`\bany\b`)

// namedParams parses the arguments of a call span as a parameter list
// whose every parameter is named ("path string, root http.Dir": the call
// is written as its declaration), and returns one type per parameter, as
// written; ok is false for ordinary arguments ("ctx, id").
func namedParams(args string) ([]string, bool) {
	src := "func(" + args + ")"
	fset := token.NewFileSet()
	e, err := parser.ParseExprFrom(fset, "", src, 0)
	if err != nil {
		return nil, false
	}
	at := func(p token.Pos) int { return fset.Position(p).Offset }
	ft, ok := e.(*ast.FuncType)
	if !ok || ft.Params == nil || len(ft.Params.List) == 0 {
		return nil, false
	}
	for _, f := range ft.Params.List {
		if _, paren := f.Type.(*ast.ParenExpr); len(f.Names) == 0 || paren {
			return nil, false // "MinSize(n)" is a conversion, not a name and a type
		}
		name, typ := at(f.Names[len(f.Names)-1].End()), at(f.Type.Pos())
		if typ <= name || strings.HasPrefix(src[typ:], "* ") || strings.HasPrefix(src[typ:], "*\t") {
			return nil, false // "n*time.Second", "n * d": a product
		}
	}
	return fieldTypes(ft.Params), true
}

// paramTypesDiffer judges a call span written with typed parameters
// ("`ServeFiles(path string, root http.Dir)`") against the module
// functions it resolved to: it returns why none of them takes those
// types, package qualifiers aside, or "".
func paramTypesDiffer(callee string, claimed []string, funcs []*source.Func) string {
	var have []string
	for _, f := range funcs {
		if f.Decl == nil {
			return ""
		}
		real := fieldTypes(f.Decl.Type.Params)
		if len(real) == len(claimed) {
			same := true
			for i := range real {
				same = same && bareType(real[i]) == bareType(claimed[i])
			}
			if same {
				return ""
			}
		}
		have = append(have, "("+strings.Join(real, ", ")+")")
	}
	if len(have) == 0 {
		return ""
	}
	return fmt.Sprintf("%s takes %s", callee, strings.Join(have, " or "))
}

// bareType writes a type without package qualifiers, "any" as
// "interface{}".
func bareType(t string) string {
	t = qualifierRe.ReplaceAllString(t, "")
	return anyRe.ReplaceAllString(t, "interface{}")
}
