package checker

import (
	"fmt"
	"go/ast"
	"strconv"
)

// namedAround reports whether the line of one of files, which no
// declaration of name holds, is still a place of name: inside the value
// of a composite literal's field keyed name (the `ReadFrom` hook of
// Hooks{ReadFrom: func…}), or in a function that writes name in its
// string literals (a generator's "func Wrap(…" for the generated `Wrap`).
// It returns why.
func (c *Checker) namedAround(files []string, name string, line int) (string, bool) {
	for _, file := range files {
		f := c.m.FuncAt(file, line)
		if f == nil || f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		reason := ""
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if reason != "" {
				return false
			}
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				key, ok := n.Key.(*ast.Ident)
				from, to := c.m.Fset.Position(n.Pos()).Line, c.m.Fset.Position(n.End()).Line
				if ok && key.Name == name && from <= line && line <= to {
					reason = fmt.Sprintf("%s:%d is in the value of the field %s of a literal (%s:%d)", file, line, name, file, from)
				}
			case *ast.BasicLit:
				if v, err := strconv.Unquote(n.Value); err == nil && containsIdent(v, name) {
					reason = fmt.Sprintf("%s writes %s in the text it makes, at %s:%d", f.QualifiedName(), name, file, c.m.Fset.Position(n.Pos()).Line)
				}
			}
			return true
		})
		if reason != "" {
			return reason, true
		}
	}
	return "", false
}
