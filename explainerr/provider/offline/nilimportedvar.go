package offline

import (
	"strconv"
	"strings"
)

// explainImportedNil explains a nil receiver that is another package's
// variable, named through its import (client.HTTPClient of
// client.HTTPClient.Do), when the module's source shows how it stays
// nil: declared without a value, and set nowhere, or only under a
// condition. It reports whether it did.
func (a *analysis) explainImportedNil(expr, method string) bool {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return false
	}
	iv, ok := src.mod.ImportedVarAt(a.s.Frame.File, expr)
	if !ok || iv.Valued {
		return false
	}
	var conditional []int
	for i, s := range iv.Sets {
		if s.Cond != "" {
			conditional = append(conditional, i)
		}
	}
	if len(iv.Sets) > 0 && len(conditional) < len(iv.Sets) {
		return false // set on some path unconditionally: what ran first is not in sight
	}
	a.g.Add(expr, iv.Name, method)
	a.culprit = expr
	a.headline("Nil pointer dereference: " + code(expr) + " is nil")
	decl := code(a.fileLoc(iv.Var.File.Path, iv.Var.Line))
	called := "The line calls " + code(method) + " on " + code(expr) + ", the package variable " + code(iv.Name) + " declared at " + decl + " without a value"
	if len(iv.Sets) == 0 {
		a.why(called + ", and the module never assigns it: it is " + code("nil") + ".")
		a.fix("Give " + code(iv.Name) + " a value: in its declaration at " + decl + ", or where the app starts, before it serves requests.")
		return true
	}
	var at []string
	funcs := map[string]bool{}
	for _, s := range iv.Sets {
		a.g.Add(s.Func, s.Cond)
		funcs[s.Func] = true
		at = append(at, code(a.fileLoc(s.File.Path, s.Line))+" in "+code(s.Func)+", inside "+code("if "+s.Cond+" {"))
	}
	where := "only at " + strings.Join(at, "; ")
	if len(at) > 1 {
		where = "only at " + strconv.Itoa(len(at)) + " places, each under a condition: " + strings.Join(at, "; ")
	}
	a.why(called + ". The module sets it " + where + ": when the condition does not hold, it stays " + code("nil") + ".")
	fn := iv.Sets[0].Func
	a.fix("Set " + code(iv.Name) + " on every path of " + code(fn) + " (also when " + code(iv.Sets[0].Cond) + " is false), or give it a value in its declaration at " + decl + ", so that nothing calls " + code(method) + " on " + code("nil") + ".")
	return true
}
