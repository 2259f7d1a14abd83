package offline

import (
	"regexp"
	"strings"
)

// A fresh database's tables are often made from a list of models the
// installation syncs whole (xorm's engine.Sync(tables...), gorm's
// AutoMigrate of a list, or of models a setup function names itself),
// while each migration for older databases syncs
// the models it adds. A model added by a migration only is missing from
// a new database: the fix is the list, not the table's name.

// listElementRe finds a model written in a list: "&entity.Question{}",
// or "new(model.User)".
var listElementRe = regexp.MustCompile(`(&?(?:\w+\.)?)(\w+)\{\}|new\(((?:\w+\.)?)\w+\)`)

// modelLeftOutOfSync explains a missing table whose model (ModelOf) a
// list of models synced whole leaves out (appsource.Module.ModelSyncs);
// it reports whether it did.
func (a *analysis) modelLeftOutOfSync(table string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	model, ok := src.mod.ModelOf(table)
	if !ok {
		return false
	}
	name := model.Spec.Name.Name
	lacking, having := src.mod.ListsLeavingOut(name)
	if len(lacking) != 1 {
		return false
	}
	l := lacking[0]
	modelAt := sourceLine{Path: model.File.Path, Line: src.fset.Position(model.Spec.Pos()).Line, Text: "type " + name}
	call := sourceLine{Path: l.Call.Path, Line: l.Call.Line, Text: l.Call.Text}
	a.g.Add(name, l.List, l.Caller, table)
	a.g.AddScanned(a.fileLoc(call.Path, call.Line))
	// Where the models are listed: the list variable, or the call that
	// names them itself.
	lines, at, first := l.ListFile.Lines()[l.ListStart-1:l.ListEnd], call, "The app makes a new database's tables from the models that "+code(l.Caller)+" names in "+a.cite(call)+"; the call leaves out "
	if l.List != "" {
		at = sourceLine{Path: l.ListFile.Path, Line: l.ListStart, Text: strings.TrimSpace(lines[0])}
		a.g.AddScanned(a.fileLoc(at.Path, at.Line))
		first = "The app makes a new database's tables from the models listed in " + code(l.List) + " (" + a.cite(at) + "), which " + a.cite(call) + " syncs; the list leaves out "
	}
	why := first + code(name) + " (" + code(a.fileLoc(modelAt.Path, modelAt.Line)) + "), the model of " + code(table) + "."
	if len(having) > 0 {
		h := sourceLine{Path: having[0].Call.Path, Line: having[0].Call.Line, Text: having[0].Call.Text}
		a.g.AddScanned(a.fileLoc(h.Path, h.Line))
		why += " Only " + a.cite(h) + " syncs it: a migration run for a database made before, not for a new one."
	}
	a.why(why)
	elem := "&" + name + "{}"
	for _, ln := range lines {
		if m := listElementRe.FindStringSubmatch(ln); m != nil {
			elem = m[1] + name + "{}"
			if m[2] == "" {
				elem = "new(" + m[3] + name + ")"
			}
			break
		}
	}
	a.g.Add(elem)
	if l.List != "" {
		a.fix("Add " + code(elem) + " to " + code(l.List) + " at " + code(a.fileLoc(at.Path, at.Line)) + ", so that a new database gets " + code(table) + " too.")
	} else {
		a.fix("Add " + code(elem) + " to the models " + code(l.Caller) + " passes at " + code(a.fileLoc(at.Path, at.Line)) + ", so that a new database gets " + code(table) + " too.")
	}
	return true
}
