package appsource

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A constraint error that names no table or column (gorm's "duplicated
// key not allowed", a driver's bare "UNIQUE constraint failed") leaves
// the SQL finders nothing to look for; the statement that broke the
// constraint is still a write the request reached: an INSERT or UPDATE
// in SQL text, or an ORM's Create, Save or Insert.

// constraintWords matches an integrity constraint's error.
var constraintWords = regexp.MustCompile(`(?i)duplicate(?:d)? key|unique constraint|UNIQUE constraint failed|foreign key constraint|violates (?:not-null|check) constraint|NOT NULL constraint failed|CHECK constraint failed|Duplicate entry|value too long for type|Data too long for column|String or binary data would be truncated`)

// ormWrites are the names of the ORM and query-builder calls that write
// rows (an Exec is known to write by its SQL text); ent's CreateBulk among
// them.
var ormWrites = map[string]bool{"Create": true, "CreateBulk": true, "CreateInBatches": true, "Save": true, "Insert": true, "InsertOne": true, "InsertMany": true, "Upsert": true}

// ORMWrite reports whether a call of that name is an ORM's or a query
// builder's that writes rows (Create, Save, Insert, …).
func ORMWrite(name string) bool { return ormWrites[name] }

// reWriteSQL matches SQL text that writes rows.
var reWriteSQL = regexp.MustCompile(`(?i)\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\S+\s+SET|REPLACE\s+INTO)\b`)

// constraintWriteChunks gives, for a constraint error that names no
// table or column, or none that SQL text of the module names, the
// functions the request reached (Reach) that write
// rows, nearest the innermost frame first, as queries (at most
// maxPerFinder).
func (m *Module) constraintWriteChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, constraintWords) {
		return nil
	}
	if name, table := sqlErrorNames(r); name != "" && m.goSQLNames(name, table) {
		return nil // the SQL finders follow the name
	}
	// A foreign key breaks on a delete too: the row deleted still has
	// rows that refer to it.
	deletes := anyMessage(r, foreignKeyWords)
	var out []report.Chunk
	for _, ref := range s.requestReach(r) {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[ref.Decl] || !writesRows(ref.Decl, deletes) {
			continue
		}
		if _, gen := m.GeneratedBy(ref.File.Path); gen {
			continue // an ORM's generated builder: the app's call of it is the write to fix
		}
		s.seen[ref.Decl] = true
		out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonQuery))
	}
	return out
}

// goSQLNames reports whether SQL text in the module's Go strings names
// one of names: else the SQL finders have nothing to follow (an ORM
// writes the statement) and the writes the request reached stand in.
func (m *Module) goSQLNames(names ...string) bool {
	for _, l := range m.SQLLiterals() {
		for _, n := range names {
			if n != "" && NamesSQLWord(l.Value, n) {
				return true
			}
		}
	}
	return false
}

// writesRows reports whether fd writes rows: SQL text that inserts or
// updates, or a write call of an ORM; with deletes, one that deletes
// rows too.
func writesRows(fd *ast.FuncDecl, deletes bool) bool {
	if fd == nil || fd.Body == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			found = found || reWriteSQL.MatchString(n.Value) || deletes && reDeleteSQL.MatchString(n.Value)
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (ormWrites[sel.Sel.Name] || deletes && sel.Sel.Name == "Delete") {
				found = true
			}
		}
		return !found
	})
	return found
}

// reDeleteSQL matches SQL text that deletes rows.
var reDeleteSQL = regexp.MustCompile(`(?i)\bDELETE\s+FROM\b`)

// foreignKeyWords matches a foreign key's error.
var foreignKeyWords = regexp.MustCompile(`(?i)foreign key constraint|FOREIGN KEY constraint failed|a foreign key constraint fails`)
