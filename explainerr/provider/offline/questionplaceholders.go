package offline

import "github.com/explainerr/explainerr/explainerr/internal/appsource"

// questionPlaceholders explains PostgreSQL's syntax error at a comma or a
// parenthesis by a squirrel builder the module never gives PostgreSQL's
// placeholders: it writes "?", which PostgreSQL does not read. It
// reports whether it did.
func (a *analysis) questionPlaceholders() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	builders := src.mod.QuestionBuilders()
	if len(builders) == 0 {
		return false
	}
	b := builders[0]
	fn := appsource.FuncName(b.Decl)
	at := src.lineIn(b.File, src.mod.Fset.Position(b.Decl.Pos()).Line, fn)
	a.g.Add(fn, "squirrel.StatementBuilder", "PlaceholderFormat(squirrel.Dollar)", "?", "$1")
	a.why("The app builds its statements with squirrel, whose builder writes " + code("?") + " placeholders unless it is given another format, and nothing in the module gives it " + code("PlaceholderFormat(squirrel.Dollar)") + ": PostgreSQL reads " + code("$1") + ", " + code("$2") + " and stops at the first " + code("?") + ". The builder is made in " + a.cite(at) + ".")
	a.fix("Make the builder with PostgreSQL's placeholders in " + code(fn) + ": " + code("squirrel.StatementBuilder.PlaceholderFormat(squirrel.Dollar)") + ".")
	return true
}
