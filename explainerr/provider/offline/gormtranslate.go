package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// gorm returns the driver's own error for a broken constraint (pgx's
// SQLSTATE 23505, SQLite's "UNIQUE constraint failed") unless the
// database was opened with gorm.Config{TranslateError: true}; only then
// does errors.Is(err, gorm.ErrDuplicatedKey) match. An app that tests for
// gorm's sentinel but opens the database without the option answers
// every duplicate through its generic path: advising it to recognise the
// duplicate would repeat what the code already does.

// gormUntranslated explains a constraint error the request's path tests
// for as gorm's sentinel (gorm.ErrDuplicatedKey) while the module opens
// its database without TranslateError. It reports whether it did.
func (a *analysis) gormUntranslated(sentinel string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	test, ok := a.reachedLineWith("gorm." + sentinel)
	if !ok {
		return false
	}
	var open sourceLine
	opened := false
	for _, f := range src.files {
		for i, l := range f.text() {
			if strings.Contains(l, "TranslateError") {
				return false // set somewhere: a config built apart from the call
			}
			if !opened && strings.Contains(l, "gorm.Open(") {
				open, opened = sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(l)}, true
			}
		}
	}
	if !opened {
		return false
	}
	a.fixedAtOrigin = true
	a.g.Add("TranslateError", "gorm.Config", sentinel, "errors.Is")
	a.why("The request's path tests for gorm's " + code("gorm."+sentinel) + " at " + a.cite(test) + ", but gorm returns the driver's own error unless its config sets " + code("TranslateError: true") + ", and the database is opened without it at " + a.cite(open) + ": the test never matches, so the error takes the generic path.")
	a.fix("Open the database with " + code("TranslateError: true") + " in its " + code("gorm.Config") + " at " + code(a.fileLoc(open.Path, open.Line)) + ", so that the test of " + code("gorm."+sentinel) + " matches and its answer is given.")
	return true
}

// reachedLineWith returns the first line, in the functions the request
// reached, that holds text.
func (a *analysis) reachedLineWith(text string) (sourceLine, bool) {
	src := a.app()
	for _, ref := range a.reached() {
		f := src.viewOf(ref.File)
		lines := f.text()
		start, end := src.fset.Position(ref.Decl.Pos()).Line, src.fset.Position(ref.Decl.End()).Line
		for i := start; i <= end && i <= len(lines); i++ {
			if strings.Contains(lines[i-1], text) {
				return sourceLine{Path: f.path, Line: i, Text: strings.TrimSpace(lines[i-1]), Func: appsource.FuncName(ref.Decl)}, true
			}
		}
	}
	return sourceLine{}, false
}
