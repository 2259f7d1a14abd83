package offline

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// An error the app makes with a format names the value it refused
// ("render: template %s does not exist" of views/actions). When the app
// writes that value as a literal somewhere, the two places disagree: the
// code that makes the error does not accept what the other place gives,
// and one of them is the fix.

// madeValueGiven explains an error made by one format of the module whose
// printed value is a string literal of the module's code: it cites where
// the value is given and advises making the two agree. It reports whether
// it did.
func (a *analysis) madeValueGiven(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	makers := src.mod.ErrorOrigins(msg)
	if len(makers) != 1 {
		return false
	}
	em := makers[0]
	made := src.lineIn(em.File, em.Line, em.Func)
	for _, part := range append([]string{msg}, appsource.WrappedParts(msg)...) {
		for _, v := range appsource.FormatValues(em.Format, part, minFormatText) {
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			if len(v) < 3 || !strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz") {
				continue
			}
			for _, lit := range src.stringLits(regexp.MustCompile(`^` + regexp.QuoteMeta(v) + `$`)) {
				given := src.litLine(lit, regexp.MustCompile(regexp.QuoteMeta(strconv.Quote(v))))
				if given.Path == made.Path && given.Line == made.Line {
					continue
				}
				a.g.Add(v)
				a.g.AddScanned(a.fileLoc(given.Path, given.Line))
				a.why("The value it names, " + code(v) + ", is given at " + a.cite(given) + ": " + code(em.Func) + " does not accept it.")
				where := "where the values it accepts are set"
				if set, ok := src.acceptedSetAt(made.Path, made.Line); ok {
					a.g.AddScanned(a.fileLoc(set.Path, set.Line))
					a.why("The values it accepts are put there by " + a.cite(set) + ".")
					where = code(set.Func) + ", which puts the values it accepts (" + code(a.fileLoc(set.Path, set.Line)) + ")"
				}
				a.fix("Make the two agree: give " + code(em.Func) + " a value it accepts at " + code(a.fileLoc(given.Path, given.Line)) + ", or make it accept " + code(v) + ": read what leads to " + code(a.fileLoc(made.Path, made.Line)) + ", and " + where + ".")
				return true
			}
		}
	}
	return false
}

// acceptedSetAt returns where the values a refusal accepts are put: the
// error made at line of fd is guarded by a lookup in a field
// ("tmpl := e.Templates.Lookup(name)", "v, ok := s.byName[key]"), and a
// function of the module fills that field ("e.Templates.New(name)",
// "s.byName[k] = v"). ok is false when the guard or the filling is not
// found.
func (s *appSource) acceptedSetAt(path string, line int) (sourceLine, bool) {
	_, fd := s.funcAt(path, line)
	if fd == nil || fd.Body == nil {
		return sourceLine{}, false
	}
	field := ""
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || field != "" || s.fset.Position(as.Pos()).Line >= line || len(as.Rhs) != 1 {
			return field == ""
		}
		var holder ast.Expr
		switch r := as.Rhs[0].(type) {
		case *ast.CallExpr:
			if sel, ok := r.Fun.(*ast.SelectorExpr); ok && lookupCall[sel.Sel.Name] {
				holder = sel.X
			}
		case *ast.IndexExpr:
			holder = r.X
		}
		if sel, ok := holder.(*ast.SelectorExpr); ok {
			field = sel.Sel.Name
		}
		return field == ""
	})
	if field == "" {
		return sourceLine{}, false
	}
	var found sourceLine
	ok := false
	s.eachDecl(func(g *appFile, d ast.Decl, in string) {
		other, isFunc := d.(*ast.FuncDecl)
		if ok || !isFunc || other == fd || other.Body == nil || strings.HasSuffix(g.path, "_test.go") {
			return
		}
		ast.Inspect(other.Body, func(n ast.Node) bool {
			if ok {
				return false
			}
			var target ast.Expr
			switch x := n.(type) {
			case *ast.CallExpr:
				if sel, isSel := x.Fun.(*ast.SelectorExpr); isSel && fillCall[sel.Sel.Name] {
					target = sel.X
				}
			case *ast.AssignStmt:
				if ix, isIdx := x.Lhs[0].(*ast.IndexExpr); isIdx {
					target = ix.X
				}
			}
			if sel, isSel := target.(*ast.SelectorExpr); isSel && sel.Sel.Name == field {
				found, ok = s.lineAt(g, n.Pos(), in), true
			}
			return !ok
		})
	})
	return found, ok
}

var (
	// lookupCall names the methods that look a value up by its key.
	lookupCall = map[string]bool{"Lookup": true, "Get": true, "Load": true}
	// fillCall names the methods that put a value under a key.
	fillCall = map[string]bool{"New": true, "Add": true, "Set": true, "Store": true, "AddParseTree": true}
)
