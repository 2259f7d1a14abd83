package appsource

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// squirrel, the query builder, writes "?" placeholders unless its
// builder is given another format: PostgreSQL reads $1, $2 and stops at
// the first "?" followed by a comma or a parenthesis ("syntax error at
// or near ","). The fix is where the builder is made, usually the
// constructor of the database handle, which should set
// PlaceholderFormat(squirrel.Dollar).

// squirrelPath is the import path of the squirrel query builder.
const squirrelPath = "github.com/Masterminds/squirrel"

// QuestionBuilders returns the functions that make a squirrel statement
// builder (naming its StatementBuilder) when the module never gives one
// the dollar placeholder format; nil when it does, or uses no squirrel.
func (m *Module) QuestionBuilders() []FuncRef {
	var out []FuncRef
	dollar := false
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds("squirrel") {
			continue
		}
		name := ""
		for _, im := range f.Syntax().Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil && p == squirrelPath {
				name = "squirrel"
				if im.Name != nil {
					name = im.Name.Name
				}
			}
		}
		if name == "" {
			continue
		}
		dollar = dollar || f.holds(name+".Dollar")
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			makes := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatementBuilder" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == name {
						makes = true
					}
				}
				return !makes
			})
			if makes {
				out = append(out, FuncRef{File: f, Decl: fd})
			}
		}
	}
	if dollar {
		return nil
	}
	return out
}

// questionBuilderChunks gives, for PostgreSQL's syntax error at a comma
// or a parenthesis, the functions that make a squirrel builder the module
// never gives PostgreSQL's placeholders.
func (m *Module) questionBuilderChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, placeholderSyntax) {
		return nil
	}
	return s.leadFuncChunks(m.QuestionBuilders(), report.ReasonConstructor)
}

// placeholderSyntax matches PostgreSQL's syntax error where a "?"
// placeholder ends: at a comma, a parenthesis, or the "?" itself.
var placeholderSyntax = regexp.MustCompile(`syntax error at or near "(?:,|\)|\?|\$)"`)
