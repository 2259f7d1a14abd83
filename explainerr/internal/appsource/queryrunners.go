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
