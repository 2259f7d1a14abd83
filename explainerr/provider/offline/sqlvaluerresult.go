package offline

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// valuerResultPass explains a driver.Valuer whose Value method returned
// what no driver takes.
var valuerResultPass = &pass{
	name:    "sql-valuer-result",
	doc:     "A Value method (driver.Valuer) that returned what no driver takes: the value itself or another type of the app, where a basic value is wanted.",
	classes: []Class{ClassValuerResult},
	needs:   []need{needModule},
	explain: always((*analysis).valuerResult),
}

// valuerResult explains "converting argument $N type: non-Value type T
// returned from Value": database/sql called T's Value method and got back
// something that is no driver.Value. The method's return of the receiver
// itself, or of a value of another composite type, is the fault; when T
// embeds a type that is a Valuer itself (sql.NullString), its Value is
// what to return.
func (a *analysis) valuerResult() {
	caps := a.f.Captures
	typ := caps["type"]
	name := typ[strings.LastIndexByte(typ, '.')+1:]
	a.culprit = typ
	a.g.Add(typ, name)
	a.headline("A Value method returned what no driver takes: " + code(typ))
	a.why("database/sql called the " + code("Value") + " method of argument " + caps["arg"] + ", a " + code(typ) + " (a " + code("driver.Valuer") + "), and got back a " + code(typ) + ": a driver takes only " + code("nil") + ", " + code("int64") + ", " + code("float64") + ", " + code("bool") + ", " + code("[]byte") + ", " + code("string") + " or " + code("time.Time") + ", so the statement is refused before it runs.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Return one of those basic values from " + code(name+".Value") + ".")
		return
	}
	m, ok := src.mod.ValueMethod(name)
	if !ok {
		a.fix("Return one of those basic values from " + code(name+".Value") + ".")
		return
	}
	self := ""
	if names := m.Decl.Recv.List[0].Names; len(names) > 0 {
		self = names[0].Name
	}
	var bad *ast.ReturnStmt
	ast.Inspect(m.Decl.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && bad == nil && len(r.Results) == 2 {
			if id, ok := ast.Unparen(r.Results[0]).(*ast.Ident); ok && id.Name == self && self != "" {
				bad = r
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	if bad == nil {
		l := originLine(m, src.fset.Position(m.Decl.Pos()).Line)
		a.why("Its " + code("Value") + " method is " + a.cite(l) + ".")
		a.fix("Make " + code(name+".Value") + " return one of those basic values, not a value of the app's own type.")
		return
	}
	l := originLine(m, src.fset.Position(bad.Pos()).Line)
	at := l
	at.Func = ""
	a.g.Add(self, l.Func)
	a.why(code(l.Func) + " returns its receiver itself at " + a.cite(at) + ": a " + code(name) + ", not the value it holds.")
	if emb, ok := embeddedValuer(src, m); ok {
		a.g.Add(self + "." + emb + ".Value()")
		a.fix("Return the value the embedded " + code(emb) + " gives, " + code("return "+self+"."+emb+".Value()") + ", at " + code(a.fileLoc(l.Path, l.Line)) + " (or the basic value of one of its fields).")
		return
	}
	a.fix("Return the basic value the " + code(name) + " holds (one of its fields) at " + code(a.fileLoc(l.Path, l.Line)) + ", not " + code(self) + ".")
}

// embeddedValuer returns the name of a type the Value method's receiver
// type embeds that is a driver.Valuer of database/sql's (sql.NullString,
// sql.NullTime, …) or has a Value method of the module's.
func embeddedValuer(src *appSource, m appsource.FuncRef) (string, bool) {
	t, ok := src.mod.Type(filepath.Dir(m.File.Path), astutil.TypeName(m.Decl.Recv.List[0].Type))
	if !ok {
		return "", false
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return "", false
	}
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		name := astutil.TypeName(f.Type)
		if sel, ok := ast.Unparen(f.Type).(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "sql" && strings.HasPrefix(name, "Null") {
				return name, true
			}
			continue
		}
		if _, ok := src.mod.ValueMethod(name); ok {
			return name, true
		}
	}
	return "", false
}
