package offline

import (
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A query may be put together from a column's name kept as a value
// (return "service_id", s.Id; ByAverage("ping")): no SQL text of the
// module names the column, but one string literal is the name itself.

// columnNameLiteral returns the one line of the module that holds name
// as a string of its own (appsource.Module.OnlyValueLiteral), as a
// corpus line and as a source line naming its function.
func (a *analysis) columnNameLiteral(name string) (corpus.Line, sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return corpus.Line{}, sourceLine{}, false
	}
	lit, ok := src.mod.OnlyValueLiteral(name)
	if !ok {
		return corpus.Line{}, sourceLine{}, false
	}
	path := lit.Ref.File.Path
	return corpus.Line{File: a.fileName(path), Number: lit.Line, Text: lit.Text}, sourceLine{Path: path, Line: lit.Line, Text: lit.Text, Func: funcName(lit.Ref.Decl)}, true
}

// reachedColumnValue says where the query the request ran names the
// column name as a string value, when no SQL text it ran names it
// (appsource.Module.ReachedColumnValue); it reports whether it did.
func (a *analysis) reachedColumnValue(name string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	lit, ok := src.mod.ReachedColumnValue(name, a.reached())
	if !ok {
		return false
	}
	l := sourceLine{Path: lit.Ref.File.Path, Line: lit.Line, Text: lit.Text, Func: funcName(lit.Ref.Decl)}
	a.columnArg = corpus.Line{File: a.fileName(l.Path), Number: l.Line, Text: l.Text}
	a.why("The query the request ran names it as a string of its own, at " + a.cite(l) + ".")
	return true
}
