package offline

import (
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// unregistered explains an error that a library's registry does not know
// a type, from the module's function that registers the others
// (appsource.Module.UnregisteredType). It reports whether it did.
func (a *analysis) unregistered() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	typ, reg, ok := src.mod.UnregisteredType(a.r)
	if !ok {
		return false
	}
	fn := appsource.FuncName(reg.Func.Decl)
	first := src.lineIn(reg.Func.File, reg.Lines[0], fn)
	shown := reg.Types
	if len(shown) > 4 {
		shown = shown[:4]
	}
	var names []string
	for _, t := range shown {
		names = append(names, code(t))
	}
	more := ""
	if len(reg.Types) > len(shown) {
		more = " and " + strconv.Itoa(len(reg.Types)-len(shown)) + " more"
	}
	a.g.Add(typ, fn, reg.Call, first.Text, baseName(first.Path))
	a.g.Add(reg.Types...)
	a.headline("The type " + code(typ) + " is not registered")
	a.why("The error says the library does not know " + code(typ) + ". " + code(fn) + " registers the module's types with " + code(reg.Call) + ", one call each (" + strings.Join(names, ", ") + more + ", from " + code(a.fileLoc(first.Path, first.Line)) + ": " + code(first.Text) + "), and " + code(typ) + " is not among them.")
	a.fix("Register " + code(typ) + " in " + code(fn) + " with another " + code(reg.Call) + " call, as the others are (beside " + code(a.fileLoc(first.Path, first.Line)) + ").")
	return true
}
