package offline

import (
	"go/ast"
	"regexp"
	"slices"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
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

// aliasOnly reports whether code names name only as an alias ("user_name
// as username"), which no table's column is.
func aliasOnly(code, name string) bool {
	all := compiled(`(?i)(?:^|[^\w.])`+regexp.QuoteMeta(name)+`(?:$|[^\w])`).FindAllStringIndex(code, -1)
	aliases := compiled(`(?i)\bas\s+`+regexp.QuoteMeta(name)+`(?:$|[^\w])`).FindAllStringIndex(code, -1)
	return len(all) > 0 && len(all) == len(aliases)
}

// builderColumnNaming says where a query builder of the app names the
// missing column col (bare: name) among a column method's arguments
// (Where("product_name ILIKE ?"), Order("title DESC")), for an SQL error
// about it that no SQL text of the app names: in a function the request
// reached, or the module's only such place. It reports whether it did.
func (a *analysis) builderColumnNaming(col, name string) bool {
	src := a.app()
	if src == nil || src.mod == nil || name == "" {
		return false
	}
	bare := compiled(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(name) + `(?:$|[^\w])`)
	qualified := compiled(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(col) + `(?:$|[^\w])`)
	var found, reached []sourceLine
	// A literal that writes the column with its table ("user.username")
	// is the one meant over one that has its bare name, which may be an
	// alias ("user_name as username").
	exact := col != name && slices.ContainsFunc(src.mod.ColumnLiterals(), func(l appsource.TableLiteral) bool {
		return qualified.MatchString(appsource.SQLCode(l.Value))
	})
	for _, l := range src.mod.ColumnLiterals() {
		fd, ok := l.Decl.(*ast.FuncDecl)
		code := appsource.SQLCode(l.Value)
		if !ok || !qualified.MatchString(code) && (exact || !bare.MatchString(code) || aliasOnly(code, name)) {
			continue
		}
		line := originLine(appsource.FuncRef{File: l.File, Decl: fd}, l.StartLine)
		found = append(found, line)
		if a.reachedLine(line) {
			reached = append(reached, line)
		}
	}
	if len(found) == 0 {
		// A condition handed to a wrapper of the app's own
		// (dbs.NewQuery("product_name ILIKE ?", …)).
		for _, l := range src.mod.ConditionLiterals(name) {
			line := sourceLine{Path: l.Ref.File.Path, Line: l.Line, Text: l.Text, Func: funcName(l.Ref.Decl)}
			found = append(found, line)
			if a.reachedLine(line) {
				reached = append(reached, line)
			}
		}
	}
	switch {
	case len(reached) > 0:
		found = reached
	case len(found) != 1:
		return false
	}
	a.why("The app's query builder names " + code(col) + " at " + a.cite(found[0]) + ".")
	return true
}
