package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
)

// QueryRunners returns the functions that run the query of l: the
// function that holds the literal, or, for a query kept in a package
// constant (as sqlc generates them), the functions of the constant's
// package that name the constant.
func (m *Module) QueryRunners(l SQLLiteral) []FuncRef {
	d, lit := l.Syntax()
	switch d := d.(type) {
	case *ast.FuncDecl:
		if queryFunc(d) {
			// A function that only returns the query's text: its
			// callers run it.
			if callers := m.CallersOf(FuncRef{File: l.File, Decl: d}); len(callers) > 0 {
				return callers
			}
		}
		return []FuncRef{{File: l.File, Decl: d}}
	case *ast.GenDecl:
		names := constNames(d, lit)
		if len(names) == 0 {
			return nil
		}
		alt := make([]string, 0, len(names))
		for name := range names {
			alt = append(alt, regexp.QuoteMeta(name))
		}
		word := regexp.MustCompile(`\b(?:` + strings.Join(alt, "|") + `)\b`)
		var out []FuncRef
		dir := filepath.Dir(l.File.Path)
		for _, f := range m.Files {
			if filepath.Dir(f.Path) != dir || !f.mayName(word) {
				continue
			}
			for _, decl := range f.Syntax().Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil && namesAny(fd.Body, names) {
					out = append(out, FuncRef{File: f, Decl: fd})
				}
			}
		}
		return out
	}
	return nil
}

// mayName reports whether a line of f's text matches word, before its
// syntax is read.
func (f *File) mayName(word *regexp.Regexp) bool {
	for _, line := range f.Lines() {
		if word.MatchString(line) {
			return true
		}
	}
	return false
}

// namesAny reports whether body refers to one of names.
func namesAny(body *ast.BlockStmt, names map[string]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// constNames returns the names of d's constants whose value is lit.
func constNames(d *ast.GenDecl, lit *ast.BasicLit) map[string]bool {
	if d.Tok != token.CONST || lit == nil {
		return nil
	}
	out := map[string]bool{}
	for _, spec := range d.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for i, v := range vs.Values {
			if v == ast.Expr(lit) && i < len(vs.Names) {
				out[vs.Names[i].Name] = true
			}
		}
	}
	return out
}

// queryFunc reports whether fd only returns a query's text: its body is
// one return statement of a literal, a concatenation or a fmt.Sprintf
// (return fmt.Sprintf(`SELECT … FROM %s`, sqlTableUsers)); a function
// that returns what running the query gives (return db.Query(…)) runs
// it.
func queryFunc(fd *ast.FuncDecl) bool {
	if fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	switch x := ret.Results[0].(type) {
	case *ast.BasicLit, *ast.BinaryExpr:
		return true
	case *ast.CallExpr:
		_, _, ok := sprintfFormat(x)
		return ok
	}
	return false
}
