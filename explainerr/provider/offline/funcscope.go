package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
)

// The window around the failing line is eleven lines; the parsed module
// shows the whole function holding it, and the package-level variables
// its names may refer to.

// failingFunc returns the parsed file and declaration of the function
// holding the failing line; nil when the module is not on disk.
func (a *analysis) failingFunc() (*appFile, *ast.FuncDecl) {
	src := a.app()
	if src == nil || a.s.Frame == nil {
		return nil, nil
	}
	var file *appFile
	var decl *ast.FuncDecl
	src.eachFuncInFile(a.framePath(), func(f *appFile, fd *ast.FuncDecl) {
		if decl != nil {
			return
		}
		start, end := src.fset.Position(fd.Pos()).Line, src.fset.Position(fd.End()).Line
		if a.s.Line >= start && a.s.Line <= end {
			file, decl = f, fd
		}
	})
	return file, decl
}

// localValue is where a name of the failing function gets its value: the
// line, and the text of the value (or of the declared type when the
// declaration has no value).
type localValue struct {
	Line sourceLine
	RHS  string
	Type string
	// LHS are the names an assignment assigns, as written ("_" too).
	LHS []string
}

// localAssignment returns the last assignment or declaration of name in
// the failing function above the failing line.
func (a *analysis) localAssignment(name string) (localValue, bool) {
	f, fd := a.failingFunc()
	if fd == nil || fd.Body == nil {
		return localValue{}, false
	}
	src := a.app()
	var out localValue
	found := false
	at := func(n ast.Node) bool { return src.fset.Position(n.Pos()).Line < a.s.Line }
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if !at(n) {
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					rhs := ""
					if len(n.Rhs) == len(n.Lhs) {
						rhs = src.exprText(f, n.Rhs[i])
					} else if len(n.Rhs) == 1 {
						rhs = src.exprText(f, n.Rhs[0])
					}
					var lhs []string
					for _, x := range n.Lhs {
						lhs = append(lhs, src.exprText(f, x))
					}
					out, found = localValue{Line: src.lineAt(f, n.Pos(), funcName(fd)), RHS: rhs, LHS: lhs}, true
				}
			}
		case *ast.ValueSpec:
			if !at(n) {
				return true
			}
			for i, id := range n.Names {
				if id.Name != name {
					continue
				}
				v := localValue{Line: src.lineAt(f, n.Pos(), funcName(fd))}
				if n.Type != nil {
					v.Type = src.exprText(f, n.Type)
				}
				if i < len(n.Values) {
					v.RHS = src.exprText(f, n.Values[i])
				}
				out, found = v, true
			}
		}
		return true
	})
	return out, found
}

// packageVar returns the package-level declaration of name in the
// failing function's file's package, when the function does not declare
// name itself (as a parameter, receiver or local).
func (a *analysis) packageVar(name string) (localValue, bool) {
	f, fd := a.failingFunc()
	if fd == nil || name == "" || a.declaresLocally(fd, name) {
		return localValue{}, false
	}
	src := a.app()
	pf, vs, i, ok := src.packageVarSpec(filepath.Dir(f.path), f.pkg(), name)
	if !ok {
		return localValue{}, false
	}
	v := localValue{Line: src.lineAt(pf, vs.Pos(), "")}
	if vs.Type != nil {
		v.Type = src.exprText(pf, vs.Type)
	}
	if i < len(vs.Values) {
		v.RHS = src.exprText(pf, vs.Values[i])
	}
	return v, true
}

// signatureType returns the type of the receiver, parameter or result of
// fd called name; nil when its signature has none.
func signatureType(fd *ast.FuncDecl, name string) ast.Expr {
	for _, list := range []*ast.FieldList{fd.Recv, fd.Type.Params, fd.Type.Results} {
		if list == nil {
			continue
		}
		for _, fl := range list.List {
			for _, n := range fl.Names {
				if n.Name == name {
					return fl.Type
				}
			}
		}
	}
	return nil
}

// declaresLocally reports whether fd declares name: a receiver, a
// parameter, a result or a variable of its body.
func (a *analysis) declaresLocally(fd *ast.FuncDecl, name string) bool {
	if signatureType(fd, name) != nil {
		return true
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						found = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if id.Name == name {
					found = true
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// valueSource quotes where name gets its value in the failing function,
// from the window or else from the parsed function, with the value's text.
func (a *analysis) valueSource(name string) (quoted, rhs string, ok bool) {
	if w, op, ok := a.s.AssignmentOf(name); ok {
		if _, branch := a.conditionalAssignment(w.Number); branch {
			return "", "", false // it may not have run: no source is named
		}
		return quoteLine(a.siteLine(w)), op.RHS, true
	}
	if v, ok := a.localAssignment(name); ok {
		l := v.Line
		l.Func = ""
		return a.cite(l), v.RHS, true
	}
	return "", "", false
}

// framePath returns the path of the failing frame's file as the trace
// gives it, else the site's file name.
func (a *analysis) framePath() string {
	if a.s.Frame != nil && a.s.Frame.File != "" {
		return a.s.Frame.File
	}
	return a.s.File
}

// typeDir returns the directory of the failing frame's package when it
// declares the type typ: the type a bare name of the failing code means.
// It is "" when the package does not declare it or the frame's path is
// not on disk.
func (a *analysis) typeDir(typ string) string {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil || !filepath.IsAbs(a.s.Frame.File) {
		return ""
	}
	dir := filepath.Dir(a.s.Frame.File)
	if _, ok := src.mod.Type(dir, typ); ok {
		return dir
	}
	return ""
}
