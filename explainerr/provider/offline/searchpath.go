package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A table the app's own migrations create, missing at run time, is in
// another schema than the one the connection searches: the app sets the
// connection's search_path (or a schema option) from its settings, and a
// setting left empty or wrong hides every table.

// searchPathSetter returns where the module writes a string that sets the
// connection's search path (appsource.Module.SearchPathSetters' first), in
// the function holding it.
func (a *analysis) searchPathSetter() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	for _, site := range src.mod.SearchPathSetters() {
		return src.lineIn(site.File, site.Line, appsource.FuncName(site.Decl)), true
	}
	return sourceLine{}, false
}
