package index

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// goFileChunker turns one parsed Go file into chunks.
type goFileChunker struct {
	fset *token.FileSet
	file *ast.File
	src  []byte
	rel  string // the file's path relative to the module root
	pkg  string // the package's import path
}

// chunks returns one chunk per top-level declaration (imports left out),
// long ones split.
func (g *goFileChunker) chunks() []chunk {
	var out []chunk
	for _, decl := range g.file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			out = append(out, g.funcChunks(d)...)
		case *ast.GenDecl:
			switch d.Tok {
			case token.TYPE:
				out = append(out, g.typeChunks(d)...)
			case token.CONST, token.VAR:
				out = append(out, g.valueChunks(d)...)
			}
		}
	}
	return out
}

// text returns the source between two positions.
func (g *goFileChunker) text(from, to token.Pos) string {
	f := g.fset.File(from)
	a, b := f.Offset(from), f.Offset(to)
	if a < 0 || b > len(g.src) || a > b {
		return ""
	}
	return string(g.src[a:b])
}

func (g *goFileChunker) line(p token.Pos) int { return g.fset.Position(p).Line }

// startOf returns where a declaration with an optional doc comment starts.
func startOf(doc *ast.CommentGroup, pos token.Pos) token.Pos {
	if doc != nil && doc.Pos() < pos {
		return doc.Pos()
	}
	return pos
}

func (g *goFileChunker) base(kind, symbol string, from, to token.Pos) chunk {
	return chunk{
		File:      g.rel,
		Package:   g.pkg,
		Kind:      kind,
		Symbol:    symbol,
		StartLine: g.line(from),
		EndLine:   g.line(to),
		Text:      g.text(from, to),
	}
}

// funcChunks chunks a function or method.
func (g *goFileChunker) funcChunks(d *ast.FuncDecl) []chunk {
	kind, symbol, recv := KindFunc, d.Name.Name, ""
	if d.Recv != nil && len(d.Recv.List) > 0 {
		kind = KindMethod
		recv, symbol = receiverSymbol(d.Recv.List[0].Type, d.Name.Name)
	}
	from := startOf(d.Doc, d.Pos())
	c := g.base(kind, symbol, from, d.End())
	c.Receiver = recv
	sigEnd := d.End()
	if d.Body != nil {
		sigEnd = d.Body.Lbrace
	}
	c.Signature = strings.TrimSpace(g.text(d.Pos(), sigEnd))
	c.Declares = []string{d.Name.Name}
	if recv != "" {
		c.Declares = append(c.Declares, recv+"."+d.Name.Name)
	}
	c.Returns = resultTypeNames(d.Type)
	if len(c.Text) <= maxChunkChars || d.Body == nil || len(d.Body.List) < 2 {
		collectUses(d, &c)
		return []chunk{c}
	}
	return g.splitFunc(d, c)
}

// receiverSymbol returns the receiver's type name and the method's symbol,
// as in "Store" and "(*Store).Get".
func receiverSymbol(expr ast.Expr, method string) (recv, symbol string) {
	star := false
	if s, ok := expr.(*ast.StarExpr); ok {
		star, expr = true, s.X
	}
	switch t := expr.(type) {
	case *ast.IndexExpr:
		expr = t.X
	case *ast.IndexListExpr:
		expr = t.X
	}
	if id, ok := expr.(*ast.Ident); ok {
		recv = id.Name
	}
	if star {
		return recv, "(*" + recv + ")." + method
	}
	return recv, recv + "." + method
}

// resultTypeNames returns the named types among a function's results,
// without pointers, slices or package qualifiers.
func resultTypeNames(ft *ast.FuncType) []string {
	if ft.Results == nil {
		return nil
	}
	var out []string
	for _, f := range ft.Results.List {
		if n := astutil.TypeName(f.Type); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// typeChunks chunks a type declaration: one chunk per spec of a group.
func (g *goFileChunker) typeChunks(d *ast.GenDecl) []chunk {
	if len(d.Specs) == 1 || !d.Lparen.IsValid() {
		spec := d.Specs[0].(*ast.TypeSpec)
		c := g.base(KindType, spec.Name.Name, startOf(d.Doc, d.Pos()), d.End())
		declareType(spec, &c)
		collectUses(d, &c)
		return []chunk{c}
	}
	var out []chunk
	for _, s := range d.Specs {
		spec := s.(*ast.TypeSpec)
		c := g.base(KindType, spec.Name.Name, startOf(spec.Doc, spec.Pos()), spec.End())
		c.Text = "type " + c.Text
		if spec.Doc != nil {
			c.Text = g.text(spec.Doc.Pos(), spec.Doc.End()) + "\ntype " + g.text(spec.Pos(), spec.End())
		}
		declareType(spec, &c)
		collectUses(spec, &c)
		out = append(out, c)
	}
	return out
}

// declareType records a type's name and its fields' and interface
// methods' names as declared by c.
func declareType(spec *ast.TypeSpec, c *chunk) {
	c.Declares = append(c.Declares, spec.Name.Name)
	var fields *ast.FieldList
	switch t := spec.Type.(type) {
	case *ast.StructType:
		fields = t.Fields
	case *ast.InterfaceType:
		fields = t.Methods
	}
	if fields == nil {
		return
	}
	for _, f := range fields.List {
		for _, n := range f.Names {
			c.Declares = append(c.Declares, n.Name, spec.Name.Name+"."+n.Name)
		}
		if len(f.Names) == 0 { // an embedded field is named after its type
			if n := astutil.TypeName(f.Type); n != "" {
				c.Declares = append(c.Declares, spec.Name.Name+"."+n)
			}
		}
	}
}

// valueChunks chunks a const or var block, split between specs when long.
func (g *goFileChunker) valueChunks(d *ast.GenDecl) []chunk {
	kind := KindVar
	if d.Tok == token.CONST {
		kind = KindConst
	}
	c := g.base(kind, valueSymbol(d.Specs), startOf(d.Doc, d.Pos()), d.End())
	for _, s := range d.Specs {
		for _, n := range s.(*ast.ValueSpec).Names {
			c.Declares = append(c.Declares, n.Name)
		}
	}
	if len(c.Text) <= maxChunkChars || !d.Lparen.IsValid() || len(d.Specs) < 2 {
		collectUses(d, &c)
		return []chunk{c}
	}
	return g.splitValues(d, c)
}

// valueSymbol names a const or var block after its first names.
func valueSymbol(specs []ast.Spec) string {
	var names []string
	for _, s := range specs {
		for _, n := range s.(*ast.ValueSpec).Names {
			if n.Name != "_" {
				names = append(names, n.Name)
			}
		}
	}
	switch {
	case len(names) == 0:
		return "_"
	case len(names) > 3:
		return strings.Join(names[:3], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}
