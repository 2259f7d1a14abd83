package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A table the app's own migrations create, missing at run time, is in
// another schema than the one the connection searches: the app sets the
// connection's search_path (or a schema option) from its settings, and a
// setting left empty or wrong hides every table.

// searchPathWords match a string of the module that sets the schema a
// connection searches.
var searchPathWords = regexp.MustCompile(`(?i)\bsearch_path\b|\bcurrentSchema\b|[?&]schema=`)

// searchPathSetter returns where the module writes a string that sets the
// connection's search path, in the function holding it.
func (a *analysis) searchPathSetter() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	for _, f := range src.files {
		if !searchPathWords.MatchString(strings.Join(f.text(), "\n")) {
			continue
		}
		for _, d := range f.syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var at token.Pos
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING && at == token.NoPos {
					if v, err := strconv.Unquote(bl.Value); err == nil && searchPathWords.MatchString(v) {
						at = bl.Pos()
					}
				}
				return at == token.NoPos
			})
			if at != token.NoPos {
				return src.lineAt(f, at, appsource.FuncName(fd)), true
			}
		}
	}
	return sourceLine{}, false
}
