package offline

import (
	"go/ast"
	"go/token"
	"regexp"
)

// A library's error often quotes a name the app gave it (a metric's
// "golinks_by_owner", a queue's, a config key's): the one literal of the
// module that spells it says which of the app's values the library
// failed on, and the functions that use that value are where to look.

// quotedName matches a double-quoted name in a message.
var quotedName = regexp.MustCompile(`"([A-Za-z_][\w.:/-]{5,})"`)

// maxNameUsers bounds the functions namedInMessage names.
const maxNameUsers = 3

// namedInMessage explains msg by a name it quotes that one string literal
// of the module spells, and the functions that use the literal's
// package-level variable (or the function that holds it). It reports
// whether it found one.
func (a *analysis) namedInMessage(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	for _, m := range quotedName.FindAllStringSubmatch(msg, 4) {
		name := m[1]
		lits := src.stringLits(compiled(`^` + regexp.QuoteMeta(name) + `$`))
		if len(lits) != 1 {
			continue
		}
		l := lits[0]
		at := src.lineOfPos(l.Lit.Pos(), l.Func)
		a.g.Add(name)
		if l.Func != "" {
			a.why("The message names " + code(name) + ", which the app gives at " + a.cite(at) + ".")
			a.fix("Read " + code(l.Func) + " around " + code(a.fileLoc(at.Path, at.Line)) + ": the library failed on what it made there.")
			return true
		}
		v := src.packageVarHolding(l.Lit)
		if v == "" {
			continue
		}
		users := src.funcsUsing(v)
		a.g.Add(v)
		if len(users) == 0 {
			a.why("The message names " + code(name) + ", which the app gives to " + code(v) + " at " + a.cite(at) + ".")
			return true
		}
		var names []string
		for i, u := range users {
			if i == maxNameUsers {
				break
			}
			a.g.Add(u.Func)
			names = append(names, code(u.Func)+" ("+code(a.fileLoc(u.Path, u.Line))+")")
		}
		verb := " uses it."
		if len(names) > 1 {
			verb = " use it."
		}
		a.why("The message names " + code(name) + ", which the app gives to " + code(v) + " at " + a.cite(at) + "; " + joinAnd(names) + verb)
		a.fix("Read " + joinAnd(names) + " for what the library says of " + code(v) + ": the values they give it are what it rejected.")
		return true
	}
	return false
}

// packageVarHolding returns the name of the package-level variable whose
// value holds lit, "" when none does.
func (s *appSource) packageVarHolding(lit *ast.BasicLit) string {
	out := ""
	s.eachDecl(func(_ *appFile, d ast.Decl, _ string) {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || out != "" {
			return
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) == 1 && vs.Pos() <= lit.Pos() && lit.End() <= vs.End() {
				out = vs.Names[0].Name
			}
		}
	})
	return out
}

// funcsUsing returns a line of each function of the module that refers
// to the package-level name v, at its first use.
func (s *appSource) funcsUsing(v string) []sourceLine {
	var out []sourceLine
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			return
		}
		var use *ast.Ident
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == v && use == nil {
				use = id
			}
			return use == nil
		})
		if use != nil {
			out = append(out, s.lineOfPos(use.Pos(), in))
		}
	})
	return out
}
