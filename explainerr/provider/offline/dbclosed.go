package offline

import (
	"go/ast"
	"strings"
)

// dbClosedPass explains a query on a closed *sql.DB.
var dbClosedPass = &pass{
	name:    "db-closed",
	doc:     "A query on a closed *sql.DB: the Close that ran first.",
	classes: []Class{ClassDBClosed},
	needs:   []need{needModule},
	explain: always((*analysis).dbClosed),
}

// "sql: database is closed" is what every call on a *sql.DB returns once
// its Close has run. A program closes its database once, as it ends; the
// usual bug is a close that runs every time some function returns (a
// "defer db.Close()" copied into a handler or a repository function), which
// closes the shared handle for every request after it.

// dbHandleNames are the names (lower case) a database handle usually has.
var dbHandleNames = map[string]bool{"db": true, "database": true, "sqldb": true, "conn": true, "pool": true, "store": true}

// dbCloses returns the module's calls of Close on a value named like a
// database handle, outside main and init functions and tests.
func (s *appSource) dbCloses() []sourceLine {
	var out []sourceLine
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if fd.Recv == nil && (fd.Name.Name == "main" || fd.Name.Name == "init") || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		fn := funcName(fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Close" {
				return true
			}
			var name string
			switch x := sel.X.(type) {
			case *ast.Ident:
				name = x.Name
			case *ast.SelectorExpr:
				name = x.Sel.Name
			default:
				return true
			}
			if l := strings.ToLower(name); dbHandleNames[l] || strings.HasSuffix(l, "db") {
				out = append(out, s.lineOfPos(call.Pos(), fn))
			}
			return true
		})
	})
	return out
}

// dbClosed explains "sql: database is closed".
func (a *analysis) dbClosed() {
	a.headline("The database handle was closed before this call", "Database closed")
	a.why("The error says " + code("sql: database is closed") + ": the " + code("*sql.DB") + " this call used had been closed, and every call on a closed handle fails.")
	var closes []sourceLine
	if src := a.app(); src != nil {
		closes = src.dbCloses()
	}
	if len(closes) == 0 {
		a.fix("Find where the handle is closed (a " + code("Close") + " call on it) and close it once, when the program ends.")
		return
	}
	var at []string
	for _, l := range closes[:min(3, len(closes))] {
		at = append(at, a.cite(l))
	}
	a.why("The module closes a database handle outside " + code("main") + " at " + strings.Join(at, "; ") + ": if that ran before this request (a " + code("defer") + " runs when its function returns), it closed the handle every later request shares.")
	a.fix("Close the shared handle once, when the program ends (" + code("defer db.Close()") + " in " + code("main") + "), and remove the close at " + code(a.fileLoc(closes[0].Path, closes[0].Line)) + ".")
}
