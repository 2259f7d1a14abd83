package appsource

import "go/ast"

// FuncName returns the short name of a function declaration: "New",
// "(*Store).Get", "Cache.Len".
func FuncName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	name := TypeName(t)
	if star {
		return "(*" + name + ")." + fd.Name.Name
	}
	return name + "." + fd.Name.Name
}

// TypeName returns the name of a type expression without package or type
// arguments: "Store" for store.Store, *Store, Cache[K, V].
func TypeName(t ast.Expr) string {
	switch x := namedPart(t).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

// namedPart returns the part of a type expression that names the type:
// without pointers, parentheses and type arguments.
func namedPart(t ast.Expr) ast.Expr {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		default:
			return t
		}
	}
}

// FuncAt returns the file at path and the top-level function declaration
// whose lines hold line (a closure inside a function belongs to it); nil
// when there is none.
func (m *Module) FuncAt(path string, line int) (*File, *ast.FuncDecl) {
	f := m.FileAt(path)
	if f == nil {
		return nil, nil
	}
	for _, d := range f.Syntax().Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := m.Fset.Position(fd.Pos()).Line, m.Fset.Position(fd.End()).Line
		if line >= start && line <= end {
			return f, fd
		}
	}
	return f, nil
}
