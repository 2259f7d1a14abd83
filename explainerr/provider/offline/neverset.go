package offline

import (
	"go/ast"
	"path/filepath"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A nil field of a package variable (app.ErrorLog, where app is the
// package's configuration) that nothing in the module sets, outside its
// tests: no constructor of the variable's type is to blame, the set-up
// that fills the other fields of that type forgot this one. That set-up
// is the function that assigns the most of the type's other fields.

// fieldFill is a function that assigns fields of a type, and its first
// such assignment.
type fieldFill struct {
	fn    string
	count int
	first sourceLine
}

// neverSetField explains x, a field of a package variable, when the
// module never sets the field; it reports whether it did, the fix
// written.
func (a *analysis) neverSetField(x string) bool {
	src := a.app()
	if src == nil || a.s.Frame == nil || strings.Count(x, ".") != 1 {
		return false
	}
	root, field := linefacts.RootIdent(x), lastSelector(x)
	if a.isParameter(root) || a.s.HasAssignment(root) {
		return false
	}
	if name, recv := a.siteDecl(); recv != "" && src.receiverOf(name, recv) == root {
		return false
	}
	t := src.packageVarType(filepath.Dir(a.s.Frame.File), root)
	if t == nil {
		return false
	}
	typ := typeName(t)
	if _, _, ok := src.structField(typ, field); !ok {
		return false
	}
	for _, l := range src.fieldSets(typ, field) {
		if !strings.HasSuffix(l.Path, "_test.go") {
			return false
		}
	}
	fill, ok := src.fieldFiller(typ, field)
	a.g.Add(field, typ, root)
	a.why(code(field) + " is never set: no statement of the module (outside its tests) assigns it or gives it in a literal, so " + code(x) + " is " + code("nil") + " for every request that reaches this line.")
	if !ok {
		a.fix("Set " + code(field) + " of the " + code(typ) + " where the program fills in its other fields at start-up.")
		a.fixedAtOrigin = true
		return true
	}
	a.why(code(fill.fn) + " fills in the other fields of the " + code(typ) + " (" + a.cite(fill.first) + ") and leaves " + code(field) + " out.")
	a.fix("Set " + code(field) + " in " + code(fill.fn) + ", with the other fields of the " + code(typ) + " (" + code(a.fileLoc(fill.first.Path, fill.first.Line)) + ").")
	a.fixedAtOrigin = true
	return true
}

// fieldFiller returns the function outside tests that assigns the most
// fields of typ other than field (x.Other = v).
func (s *appSource) fieldFiller(typ, field string) (fieldFill, bool) {
	fills := map[string]*fieldFill{}
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if strings.HasSuffix(f.path, "_test.go") {
			return
		}
		fn := funcName(fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, l := range as.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name == field {
					continue
				}
				if _, isIdent := sel.X.(*ast.Ident); !isIdent {
					continue
				}
				if _, _, ok := s.structField(typ, sel.Sel.Name); !ok {
					continue
				}
				ff := fills[fn]
				if ff == nil {
					ff = &fieldFill{fn: fn, first: s.lineAt(f, as.Pos(), fn)}
					fills[fn] = ff
				}
				ff.count++
			}
			return true
		})
	})
	var all []fieldFill
	for _, ff := range fills {
		all = append(all, *ff)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].count != all[j].count {
			return all[i].count > all[j].count
		}
		return all[i].fn < all[j].fn
	})
	if len(all) == 0 || all[0].count < 2 {
		return fieldFill{}, false
	}
	return all[0], true
}
