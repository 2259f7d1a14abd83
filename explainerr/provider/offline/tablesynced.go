package offline

import "github.com/explainerr/explainerr/explainerr/internal/appsource"

// A table the app makes from its model (db.AutoMigrate(new(Logger)))
// and that the database the query ran on lacks was made on another
// database, or the code that makes it did not run: the fix is where the
// migrating code is given its database, not the table's name.

// tableSyncedElsewhere explains a missing table whose model a function of
// the app makes a table of (appsource.Module.SyncsOfTable); it reports
// whether it did.
func (a *analysis) tableSyncedElsewhere(table string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	syncs := src.mod.SyncsOfTable(table)
	if len(syncs) != 1 || syncs[0].In.Decl == nil {
		return false
	}
	s := syncs[0]
	call := sourceLine{Path: s.Call.Path, Line: s.Call.Line, Text: s.Call.Text}
	in := appsource.FuncName(s.In.Decl)
	a.g.Add(in, table)
	a.g.AddScanned(a.fileLoc(call.Path, call.Line))
	why := "The app makes " + code(table) + " itself, in " + code(in) + " at " + a.cite(call) + ", on the database " + code(in) + " is given"
	callers, by := src.mod.CallersOf(s.In), ""
	if len(callers) > 0 {
		name := appsource.FuncName(callers[0].Decl)
		at := src.mod.Fset.Position(callers[0].Decl.Pos())
		a.g.Add(name)
		a.g.AddScanned(a.fileLoc(at.Filename, at.Line))
		by = " by " + code(name) + " (" + code(a.fileLoc(at.Filename, at.Line)) + ")"
		why += " (" + by[1:] + ")"
	}
	a.why(why + ". The database the query ran on does not have it: that code did not run before the request, or it made the table on another database than the one the query uses.")
	a.fix("Check which database " + code(in) + " is given" + by + " (the setting that opens it) against the one the failing query uses, and that it runs at startup.")
	return true
}
