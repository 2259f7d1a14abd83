package astutil

import (
	"go/ast"
	"strings"
)

// ExprString returns the text of an expression as go/types' ExprString
// writes it: Go syntax, with a function literal shortened to its type
// ("(func() literal)") and a composite literal's elements to "…". It is
// written here so that the core does not import go/types, whose package
// initialisation links much of its type checker.
func ExprString(x ast.Expr) string {
	var b strings.Builder
	writeExpr(&b, x)
	return b.String()
}

// writeExpr writes x to b, as ExprString describes.
func writeExpr(b *strings.Builder, x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.BasicLit:
		b.WriteString(x.Value)
	case *ast.Ellipsis:
		b.WriteString("...")
		if x.Elt != nil {
			writeExpr(b, x.Elt)
		}
	case *ast.FuncLit:
		b.WriteString("(")
		writeExpr(b, x.Type)
		b.WriteString(" literal)")
	case *ast.CompositeLit:
		writeExpr(b, x.Type)
		if len(x.Elts) > 0 {
			b.WriteString("{…}")
		} else {
			b.WriteString("{}")
		}
	case *ast.ParenExpr:
		b.WriteString("(")
		writeExpr(b, x.X)
		b.WriteString(")")
	case *ast.SelectorExpr:
		writeExpr(b, x.X)
		b.WriteString(".")
		b.WriteString(x.Sel.Name)
	case *ast.IndexExpr:
		writeIndexed(b, x.X, []ast.Expr{x.Index})
	case *ast.IndexListExpr:
		writeIndexed(b, x.X, x.Indices)
	case *ast.SliceExpr:
		writeExpr(b, x.X)
		b.WriteString("[")
		writeOptional(b, x.Low)
		b.WriteString(":")
		writeOptional(b, x.High)
		if x.Slice3 {
			b.WriteString(":")
			writeOptional(b, x.Max)
		}
		b.WriteString("]")
	case *ast.TypeAssertExpr:
		writeExpr(b, x.X)
		b.WriteString(".(")
		writeExpr(b, x.Type)
		b.WriteString(")")
	case *ast.CallExpr:
		writeExpr(b, x.Fun)
		b.WriteString("(")
		writeList(b, x.Args)
		if x.Ellipsis.IsValid() {
			b.WriteString("...")
		}
		b.WriteString(")")
	case *ast.StarExpr:
		b.WriteString("*")
		writeExpr(b, x.X)
	case *ast.UnaryExpr:
		b.WriteString(x.Op.String())
		writeExpr(b, x.X)
	case *ast.BinaryExpr:
		writeExpr(b, x.X)
		b.WriteString(" " + x.Op.String() + " ")
		writeExpr(b, x.Y)
	case *ast.ArrayType:
		b.WriteString("[")
		writeOptional(b, x.Len)
		b.WriteString("]")
		writeExpr(b, x.Elt)
	case *ast.StructType:
		b.WriteString("struct{")
		writeFields(b, x.Fields.List, "; ", false)
		b.WriteString("}")
	case *ast.FuncType:
		b.WriteString("func")
		writeSignature(b, x)
	case *ast.InterfaceType:
		b.WriteString("interface{")
		writeFields(b, x.Methods.List, "; ", true)
		b.WriteString("}")
	case *ast.MapType:
		b.WriteString("map[")
		writeExpr(b, x.Key)
		b.WriteString("]")
		writeExpr(b, x.Value)
	case *ast.ChanType:
		switch x.Dir {
		case ast.SEND:
			b.WriteString("chan<- ")
		case ast.RECV:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		writeExpr(b, x.Value)
	default:
		// nil, a bad expression, a key-value pair: not an expression
		// of their own.
		b.WriteString("(ast: " + nodeKind(x) + ")")
	}
}

// nodeKind names the Go type of an expression that ExprString does not
// write.
func nodeKind(x ast.Expr) string {
	switch x.(type) {
	case nil:
		return "<nil>"
	case *ast.BadExpr:
		return "*ast.BadExpr"
	case *ast.KeyValueExpr:
		return "*ast.KeyValueExpr"
	}
	return "unknown"
}

// writeIndexed writes x with its indices (or type arguments) in brackets.
func writeIndexed(b *strings.Builder, x ast.Expr, indices []ast.Expr) {
	writeExpr(b, x)
	b.WriteString("[")
	writeList(b, indices)
	b.WriteString("]")
}

// writeOptional writes x when there is one.
func writeOptional(b *strings.Builder, x ast.Expr) {
	if x != nil {
		writeExpr(b, x)
	}
}

// writeList writes expressions separated by commas.
func writeList(b *strings.Builder, list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, x)
	}
}

// writeSignature writes a function type's parameters and results.
func writeSignature(b *strings.Builder, f *ast.FuncType) {
	b.WriteString("(")
	if f.Params != nil {
		writeFields(b, f.Params.List, ", ", false)
	}
	b.WriteString(")")
	if f.Results == nil || f.Results.NumFields() == 0 {
		return
	}
	b.WriteString(" ")
	if res := f.Results.List; len(res) == 1 && len(res[0].Names) == 0 && f.Results.NumFields() == 1 {
		writeExpr(b, res[0].Type)
		return
	}
	b.WriteString("(")
	writeFields(b, f.Results.List, ", ", false)
	b.WriteString(")")
}

// writeFields writes a field list's names and types, separated by sep;
// in an interface, a method is its name and signature.
func writeFields(b *strings.Builder, list []*ast.Field, sep string, iface bool) {
	for i, f := range list {
		if i > 0 {
			b.WriteString(sep)
		}
		for j, n := range f.Names {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n.Name)
		}
		if sig, ok := f.Type.(*ast.FuncType); ok && iface {
			writeSignature(b, sig)
			continue
		}
		if len(f.Names) > 0 {
			b.WriteString(" ")
		}
		writeExpr(b, f.Type)
	}
}
