package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A row the request has just inserted is often the one a foreign key
// refers to next (a user, then the user's token). When the INSERT reads
// back what the database generated (RETURNING …) but not the id, the
// struct's id stays 0, and the next statement refers to row 0, which no
// table has: the fix is the RETURNING list, not a check for the row.

// insertReturningRe captures the table an INSERT writes and its
// RETURNING list.
var insertReturningRe = regexp.MustCompile(`(?is)\bINSERT\s+INTO\s+["'` + "`" + `]?(\w+)["'` + "`" + `]?.*?\bRETURNING\s+([\w\s,."]+)`)

// idColumnRe matches a RETURNING list that reads the id back.
var idColumnRe = regexp.MustCompile(`\bid\b|\*`)

// idNotReadBack explains a foreign key on col whose referenced table the
// request inserted into without reading the new row's id back; it
// reports whether it did.
func (a *analysis) idNotReadBack(col string) bool {
	src := a.app()
	if src == nil || src.mod == nil || !strings.HasSuffix(col, "_id") {
		return false
	}
	ref := strings.TrimSuffix(col, "_id")
	refs := map[string]bool{ref: true, ref + "s": true, ref + "es": true}
	for _, r := range a.reached() {
		if r.Decl == nil || r.Decl.Body == nil {
			continue
		}
		f, fn := src.viewOf(r.File), funcName(r.Decl)
		var at sourceLine
		var table, returning string
		ast.Inspect(r.Decl.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || table != "" {
				return table == ""
			}
			text, err := strconv.Unquote(lit.Value)
			m := insertReturningRe.FindStringSubmatch(text)
			if err != nil || m == nil || !refs[strings.ToLower(m[1])] {
				return true
			}
			cols := strings.ToLower(m[2])
			if idColumnRe.MatchString(cols) {
				return true
			}
			table, returning = m[1], strings.Join(strings.Fields(m[2]), " ")
			at = src.lineAt(f, lit.Pos(), fn)
			return false
		})
		if table == "" {
			continue
		}
		a.g.Add(table, returning, col, fn, "RETURNING "+returning, "id", at.Text)
		a.g.AddScanned(a.fileLoc(at.Path, at.Line))
		a.why("The request inserts the row of " + code(table) + " it refers to in " + code(fn) + " (" + code(a.fileLoc(at.Path, at.Line)) + "), and reads back only " + code("RETURNING "+returning) + ": not the new row's id. The id stays the zero value, and " + code(col) + " is given 0, which no row of " + code(table) + " has.")
		a.fix("In " + code(fn) + ", read the new row's id back: add " + code("id") + " to " + code("RETURNING "+returning) + " and scan it into the struct's id.")
		return true
	}
	return false
}

// idCopiedBeforeCreate explains a foreign key (on col, when known) given
// the parent's id before the parent was created: a function the request
// reached copies p.ID into a field (line.OrderID = order.ID) and only
// later creates p, whose id the database assigns then, so the children
// carry the zero id. It reports whether it did.
func (a *analysis) idCopiedBeforeCreate(col string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	for _, r := range a.reached() {
		if r.Decl == nil || r.Decl.Body == nil {
			continue
		}
		f, fn := src.viewOf(r.File), funcName(r.Decl)
		var copied *ast.AssignStmt
		var parent, field string
		var created *ast.CallExpr
		ast.Inspect(r.Decl.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit || created != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				if copied != nil || n.Tok != token.ASSIGN || len(n.Lhs) != 1 || len(n.Rhs) != 1 {
					return true
				}
				lhs, ok1 := n.Lhs[0].(*ast.SelectorExpr)
				rhs, ok2 := n.Rhs[0].(*ast.SelectorExpr)
				if !ok1 || !ok2 || rhs.Sel.Name != "ID" && rhs.Sel.Name != "Id" {
					return true
				}
				p, ok := rhs.X.(*ast.Ident)
				if !ok || col != "" && appsource.SnakeCase(lhs.Sel.Name) != col {
					return true
				}
				copied, parent, field = n, p.Name, astutil.ExprString(lhs)
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if copied == nil || !ok || !appsource.ORMWrite(sel.Sel.Name) {
					return true
				}
				for _, arg := range n.Args {
					if e := ast.Unparen(arg); astutil.ExprString(e) == parent || astutil.ExprString(e) == "&"+parent {
						created = n
					}
				}
			}
			return true
		})
		if created == nil {
			continue
		}
		set, made := src.lineAt(f, copied.Pos(), fn), src.lineAt(f, created.Pos(), fn)
		a.g.Add(fn, field, parent+".ID", set.Text, made.Text)
		a.why(code(fn) + " copies " + code(parent+".ID") + " into " + code(field) + " at " + a.cite(set) + " before it creates " + code(parent) + " at " + code(a.fileLoc(made.Path, made.Line)) + " (" + code(made.Text) + "): the id is assigned when the row is created, so the rows that refer to it were given the zero id, which no row has.")
		a.fix("In " + code(fn) + ", set " + code(field) + " from " + code(parent+".ID") + " after " + code(parent) + " is created (" + code(a.fileLoc(made.Path, made.Line)) + "), or let the ORM create " + code(parent) + " with its children, which sets their keys.")
		return true
	}
	return false
}
