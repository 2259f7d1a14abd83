package checker

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// exprClaims returns the names a Go expression or statement written in a
// backtick span claims exist: "`c.items[sku] += qty`" claims `c.items`,
// `sku` and `qty`; "`len(ratings)`" claims `ratings`; "`&Cart{catalog:
// cat}`" claims the field `Cart.catalog`. Calls become call claims (their
// arity is checked), selector chains rooted at a name become selector
// claims, other names identifier claims. Names the snippet itself declares
// (":=", range variables, parameters of a function literal) are not claims.
// skipTop leaves the outermost call's callee out, for a span already
// claimed as a call. A span that is neither an expression nor statements
// gives nothing.
func exprClaims(span string, skipTop bool) []Claim {
	root, base := parseSnippet(span)
	if root == nil {
		return nil
	}
	w := &exprWalker{src: span, base: base, declared: map[string]bool{}}
	ast.Inspect(root, w.declare)
	if skipTop {
		if call, ok := root.(*ast.CallExpr); ok {
			for _, a := range call.Args {
				w.walk(a)
			}
			return w.out
		}
	}
	w.walk(root)
	return w.out
}

// parseSnippet parses s as an expression or, failing that, as statements
// in a function body. base is the offset of s in the parsed text.
func parseSnippet(s string) (ast.Node, int) {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	if s == "" || strings.Contains(variadicSpreadRe.ReplaceAllString(s, "$1"), "...") || strings.Contains(s, "…") || notGoRe.MatchString(s) {
		return nil, 0
	}
	fset := token.NewFileSet()
	if e, err := parser.ParseExprFrom(fset, "", s, 0); err == nil {
		return e, 1 // positions are 1-based
	}
	const head = "package p\nfunc _() {\n"
	f, err := parser.ParseFile(fset, "", head+s+"\n}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return nil, 0
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if len(body.List) == 0 || !validStatements(body) {
		return nil, 0
	}
	return body, int(f.FileStart) + len(head) // the file parsed after the expression that failed
}

// variadicSpreadRe matches a slice passed to a variadic parameter
// ("append(a, b...)"), which is Go, unlike an elision ("f(...)").
var variadicSpreadRe = regexp.MustCompile(`([\w)\]])\.\.\.\s*\)`)

// notGoRe matches spans that parse as Go but are something else: a header
// or MIME type ("Content-Type", "text/html"), a setting ("missingkey=error"),
// a command-line flag ("-race").
var notGoRe = regexp.MustCompile(`^(?:[\w.]+(?:[-/][\w.]+)+|[\w.-]+=[\w.=-]*|--?[A-Za-z][\w.=-]*)$`)

// validStatements reports whether every expression statement of body is
// one Go allows (a call or a receive): "text/html; charset=utf-8" parses,
// but is not code.
func validStatements(body *ast.BlockStmt) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if es, isExpr := n.(*ast.ExprStmt); isExpr {
			switch x := ast.Unparen(es.X).(type) {
			case *ast.CallExpr:
			case *ast.UnaryExpr:
				ok = ok && x.Op == token.ARROW
			default:
				ok = false
			}
		}
		return ok
	})
	return ok
}

type exprWalker struct {
	src      string
	base     int
	declared map[string]bool
	out      []Claim
}

// declare records the names the snippet declares.
func (w *exprWalker) declare(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok == token.DEFINE {
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					w.declared[id.Name] = true
				}
			}
		}
	case *ast.RangeStmt:
		if n.Tok == token.DEFINE {
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					w.declared[id.Name] = true
				}
			}
		}
	case *ast.FuncType:
		for _, fl := range []*ast.FieldList{n.Params, n.Results} {
			if fl == nil {
				continue
			}
			for _, f := range fl.List {
				for _, id := range f.Names {
					w.declared[id.Name] = true
				}
			}
		}
	case *ast.ValueSpec:
		for _, id := range n.Names {
			w.declared[id.Name] = true
		}
	}
	return true
}

func (w *exprWalker) add(kind, text string) {
	if text != "" {
		w.out = append(w.out, Claim{Text: text, Kind: kind, fromExpr: true})
	}
}

// walkLit claims the type of a composite literal and each key as a field
// of it. implied is the type of a literal whose type is elided
// ("[]*Account{{ID: 2}}").
func (w *exprWalker) walkLit(n *ast.CompositeLit, implied string) {
	typ := astutil.SelectorChain(unstar(n.Type))
	if n.Type != nil {
		w.walk(n.Type)
	} else {
		typ = implied
	}
	elem := astutil.SelectorChain(unstar(elementType(n.Type)))
	for _, el := range n.Elts {
		val := el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			val = kv.Value
			switch key := kv.Key.(type) {
			case *ast.Ident:
				if typ != "" && elem == "" {
					w.out = append(w.out, Claim{Text: typ + "." + key.Name, Kind: KindSelector, fromExpr: true, literalField: true})
				} else if elem != "" {
					w.walk(key) // a map key or an index
				}
			default:
				w.walk(kv.Key)
			}
		}
		if lit, ok := unstar(val).(*ast.CompositeLit); ok && lit.Type == nil {
			w.walkLit(lit, elem)
			continue
		}
		w.walk(val)
	}
}

// unstar removes a pointer or address-of: "*Account", "&Account{}".
func unstar(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.StarExpr:
		return x.X
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return x.X
		}
	}
	return e
}

// elementType is the element type of a slice, array or map type, or nil.
func elementType(t ast.Expr) ast.Expr {
	switch t := t.(type) {
	case *ast.ArrayType:
		return t.Elt
	case *ast.MapType:
		return t.Value
	}
	return nil
}

func (w *exprWalker) walk(n ast.Node) {
	if n == nil {
		return
	}
	switch n := n.(type) {
	case *ast.Ident:
		if n.Name != "_" && !w.declared[n.Name] && !keywords[n.Name] {
			w.add(KindIdentifier, n.Name)
		}
		return
	case *ast.SelectorExpr:
		if c := astutil.SelectorChain(n); c != "" {
			if head := strings.Split(c, ".")[0]; !w.declared[head] {
				w.add(KindSelector, c)
			}
			return
		}
		if ta, ok := ast.Unparen(n.X).(*ast.TypeAssertExpr); ok && ta.Type != nil {
			// "`w.(http.Flusher).Flush()`": the member must be the
			// asserted type's.
			if t := astutil.SelectorChain(unstar(ta.Type)); t != "" {
				w.add(KindSelector, t+"."+n.Sel.Name)
			}
		}
		w.walk(n.X) // a member of a call's result or an index: only the inner part is checkable
		return
	case *ast.CallExpr:
		if c := astutil.SelectorChain(n.Fun); c != "" {
			if head := strings.Split(c, ".")[0]; !w.declared[head] {
				w.add(KindCall, c+"("+w.argsText(n)+")")
			}
		} else {
			w.walk(n.Fun)
		}
		for _, a := range n.Args {
			w.walk(a)
		}
		return
	case *ast.CompositeLit:
		w.walkLit(n, "")
		return
	case *ast.FuncLit:
		w.walk(n.Body)
		return
	case *ast.BasicLit:
		return
	}
	ast.Inspect(n, func(c ast.Node) bool {
		if c == n {
			return true
		}
		if e, ok := c.(ast.Expr); ok {
			w.walk(e)
			return false
		}
		return true
	})
}

// argsText is the source of a call's arguments, or "" when they cannot be
// cut out.
func (w *exprWalker) argsText(call *ast.CallExpr) string {
	if len(call.Args) == 0 {
		return ""
	}
	a, b := int(call.Args[0].Pos())-w.base, int(call.Args[len(call.Args)-1].End())-w.base
	if a < 0 || b > len(w.src) || a > b {
		return ""
	}
	return w.src[a:b]
}

// codeLiteralFields returns the keys of the composite literals of a fenced
// code block ("return &Ledger{index: m}") as claims that the literal's
// type has those fields. The block may be an expression, statements or
// declarations; one that does not parse gives nothing.
func codeLiteralFields(body string) []Claim {
	root, _ := parseSnippet(body)
	if root == nil {
		f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+body, 0)
		if err != nil {
			return nil
		}
		root = f
	}
	w := &exprWalker{declared: map[string]bool{}}
	ast.Inspect(root, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		w.walkLit(lit, "")
		return false
	})
	var out []Claim
	for _, c := range w.out {
		if c.literalField {
			c.InCode, c.fromExpr = true, false
			out = append(out, c)
		}
	}
	return out
}
