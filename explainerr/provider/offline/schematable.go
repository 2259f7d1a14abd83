package offline

import (
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/words"
)

// schemaTable is a table the module's own schema creates, and the line
// that creates it.
type schemaTable struct {
	name string
	at   sourceLine
}

// schemaTables returns the tables the module's schema creates: in DDL held
// in Go strings and in its .sql files.
func (a *analysis) schemaTables() []schemaTable {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil
	}
	var out []schemaTable
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
		if !l.DDL || src.mod.OfOtherProgram(a.r, l.File.Path) {
			continue
		}
		lit, ok := stringLitOf(l)
		if !ok {
			continue
		}
		for _, m := range appsource.CreateTable.FindAllStringSubmatch(l.Value, -1) {
			out = append(out, schemaTable{m[1], src.litLine(lit, appsource.TableCreation(m[1]))})
		}
	}
	// Every migration's, in order: a table the seventh creates is one;
	// another program's schema (a client's, a fixture's) left out.
	for _, c := range src.mod.SchemaHistory(appsource.CreateTable, a.dialect()) {
		path := filepath.Join(src.mod.Root, filepath.FromSlash(c.File))
		if src.mod.OfOtherProgram(a.r, path) {
			continue
		}
		for i, line := range strings.Split(c.Text, "\n") {
			if m := appsource.CreateTable.FindStringSubmatch(line); m != nil {
				out = append(out, schemaTable{m[1], sourceLine{Path: path, Line: c.StartLine + i, Text: strings.TrimSpace(line)}})
			}
		}
	}
	return out
}

// similarSchemaTable returns the table of the module's schema whose name
// is closest to name (two edits at most, case aside) but not name itself:
// the table the query meant when it misnames one the schema creates.
func (a *analysis) similarSchemaTable(name string) (schemaTable, bool) {
	want := strings.ToLower(name)
	best, bestDist := schemaTable{}, 3
	for _, t := range a.schemaTables() {
		have := strings.ToLower(t.name)
		if have == want {
			return schemaTable{}, false // the schema creates it: it was not applied
		}
		if len(have) < 3 {
			continue
		}
		if d := words.EditDistance(want, have); d < bestDist {
			best, bestDist = t, d
		}
	}
	return best, best.name != ""
}

// tableNamesDiffer explains a missing table whose name the module's own
// schema creates in a similar spelling: the query and the schema disagree,
// so nothing is missing from the database that a migration would add. It
// reports whether it did.
func (a *analysis) tableNamesDiffer(name string) bool {
	t, ok := a.similarSchemaTable(name)
	if !ok {
		return false
	}
	a.g.AddScanned(a.fileLoc(t.at.Path, t.at.Line))
	a.why("The app's own schema creates " + code(t.name) + ", not " + code(name) + ", at " + a.cite(t.at) + ": the query and the schema name the table differently.")
	a.fix("Use one name in both: change the query's " + code(name) + " to " + code(t.name) + ", or rename the table in the schema (and in every query that uses it).")
	return true
}
