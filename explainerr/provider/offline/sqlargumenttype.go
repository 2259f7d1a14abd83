package offline

import (
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// argumentTypePass explains a statement's argument database/sql cannot
// convert: a struct or a slice that is no driver.Valuer.
var argumentTypePass = &pass{
	name:    "sql-argument-type",
	doc:     "A statement's argument of a type database/sql cannot pass (a struct, a slice): the type's Value method, declared on the pointer when the value is passed, or missing.",
	classes: []Class{ClassArgumentType},
	needs:   []need{needModule},
	explain: always((*analysis).argumentType),
}

// argumentType explains "converting argument $N type: unsupported type
// T, a struct": the value is no driver.Valuer. When T, or a module type
// made of it (type Ts []T), declares Value on its pointer, a value of it
// is not one (appsource.Module.PointerValuer): that declaration is the
// fault. Else T has no Value method.
func (a *analysis) argumentType() {
	caps := a.f.Captures
	typ, kind := caps["type"], caps["kind"]
	name := typ[strings.LastIndexByte(typ, '.')+1:]
	a.culprit = typ
	a.g.Add(typ, name)
	a.headline("A statement's argument database/sql cannot pass: " + code(typ) + ", a " + kind)
	a.why("database/sql passes a statement's argument to the driver only as a basic value (a number, a string, bytes, a time) or through its own method, as a " + code("driver.Valuer") + ". Argument " + caps["arg"] + " is a " + code(typ) + ", a " + kind + ", with neither, so the statement is refused before it runs.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Make the type a " + code("driver.Valuer") + " (a method that returns its " + code("driver.Value") + ", with one that scans it back), or pass a value of a basic type.")
		return
	}
	if m, ok := src.mod.PointerValuer(name); ok {
		owner := astutil.TypeName(m.Decl.Recv.List[0].Type)
		l := originLine(m, src.fset.Position(m.Decl.Pos()).Line)
		a.g.Add(owner)
		a.why(code(owner) + " declares its " + code(m.Decl.Name.Name) + " method on its pointer, at " + a.cite(l) + ": only a " + code("*"+owner) + " is a " + code("driver.Valuer") + ", and the statement was given a " + code(owner) + " value, which database/sql cannot pass.")
		self := "x"
		if names := m.Decl.Recv.List[0].Names; len(names) > 0 {
			self = names[0].Name
		}
		a.g.Add(self)
		a.fix("Declare " + code(m.Decl.Name.Name) + " on the value, " + code("func ("+self+" "+owner+") Value() (driver.Value, error)") + ", at " + code(a.fileLoc(l.Path, l.Line)) + " (a method that scans into it stays on the pointer), or pass a pointer to the value.")
		return
	}
	a.fix("Make " + code(name) + " (or the type the statement is given) a " + code("driver.Valuer") + " (a method that returns its " + code("driver.Value") + ", with one that scans it back), or pass a value of a basic type (its JSON, for instance).")
}
