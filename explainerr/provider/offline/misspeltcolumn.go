package offline

// A column made under a misspelt name by the schema ("ADD COLUMN
// descripton") is missing by the name the code asks for: the fix is the
// schema's statement, not the query, when nothing but the schema names
// the misspelt column (appsource.Module.MisspeltColumns).

// misspeltInSchema explains a missing column name that one schema
// statement defines under a misspelt name; it reports whether it did.
func (a *analysis) misspeltInSchema(name string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	found := src.mod.MisspeltColumns(name, a.dialect())
	if len(found) != 1 {
		return false
	}
	mc := found[0]
	at := sourceLine{Path: mc.At.Path, Line: mc.At.Line, Text: mc.At.Text}
	loc := a.fileLoc(at.Path, at.Line)
	a.g.Add(mc.Column, name)
	a.g.AddScanned(loc)
	a.why("No statement of the schema defines a column " + code(name) + ", but " + a.cite(at) + " defines " + code(mc.Column) + ", a letter or two from it, and nothing outside the schema names " + code(mc.Column) + ": the column was misspelt where the schema makes it, while the code asks for it by the name it meant.")
	a.fix("Correct the column's name to " + code(name) + " at " + code(loc) + ".")
	rename := "RENAME COLUMN " + mc.Column + " TO " + name
	a.g.Add(rename)
	a.fix("If that statement has already run on a database you keep, add a migration that renames the column instead: " + code(rename) + ".")
	return true
}
