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
// string literals (a generator's "func Wrap(…" for the generated `Wrap`),
// or on the first line of the branch an if statement's condition that
// calls name leads to ("returns an error when `valid(name)` is false
// (f.go:134)", the return under "if !valid(name) {").
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
		if at := c.guardedBy(file, line, name); at > 0 {
			return fmt.Sprintf("%s:%d is the first line of the branch that the condition calling %s leads to (%s:%d)", file, line, name, file, at), true
		}
	}
	return "", false
}

// guardedBy returns the line of the if statement whose condition calls
// name and whose branch starts at line of file, 0 when there is none.
func (c *Checker) guardedBy(file string, line int, name string) int {
	f := c.m.FuncAt(file, line)
	if f == nil || f.Decl == nil || f.Decl.Body == nil {
		return 0
	}
	at := 0
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.IfStmt); ok && len(s.Body.List) > 0 && c.m.Fset.Position(s.Body.List[0].Pos()).Line == line && callsNamed(s.Cond, name) {
			at = c.m.Fset.Position(s.Pos()).Line
		}
		return at == 0
	})
	return at
}
