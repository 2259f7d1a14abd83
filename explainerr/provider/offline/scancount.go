package offline

import (
	"go/ast"
	"strconv"
	"strings"
)

// A Scan given another number of destinations than its query returns
// columns fails at run time ("expected 3 destination arguments in Scan,
// not 2", pgx's "got 1 and 2"). The handler on the stack rarely holds
// the Scan: a store method does, often behind an interface with several
// implementations. The functions the request reached are searched for
// the Scan with that many destinations, and, where its query is read,
// one that returns the other number of columns.

// scanCount is a Scan call the request reached whose destinations are as
// many as the error says.
type scanCount struct {
	at      sourceLine
	query   string
	columns int
}

// scanCountSite returns the one Scan call of the request's reach with got
// destinations whose query (when read) returns want columns; false when
// none or several fit.
func (a *analysis) scanCountSite(want, got int) (scanCount, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return scanCount{}, false
	}
	var exact, loose []scanCount
	for _, ref := range a.reached() {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		f, fn := src.viewOf(ref.File), funcName(ref.Decl)
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || ce.Ellipsis.IsValid() {
				return true
			}
			sel, ok := ce.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Scan" || len(ce.Args) != got {
				return true
			}
			sc := scanCount{at: src.lineAt(f, ce.Pos(), fn), columns: -1}
			// The query of the call Scan is chained to (QueryRow(q, …).Scan),
			// or of the one its rows came from (rows, err := db.Query(q, …)).
			q, ok := sel.X.(*ast.CallExpr)
			if id, isIdent := sel.X.(*ast.Ident); isIdent {
				q, ok = assignedCall(ref.Decl.Body, id.Name)
			}
			if ok && len(q.Args) > 0 {
				for _, arg := range q.Args {
					if text := a.stringValue(f, arg); text != "" {
						sc.query, sc.columns = text, resultColumns(text)
						break
					}
				}
			}
			switch sc.columns {
			case want:
				exact = append(exact, sc)
			case -1:
				loose = append(loose, sc)
			}
			return true
		})
	}
	if len(exact) == 1 {
		return exact[0], true
	}
	if len(exact) == 0 && len(loose) == 1 {
		return loose[0], true
	}
	return scanCount{}, false
}

// resultColumns counts the columns a statement returns: its RETURNING
// list, or its outermost SELECT list; -1 when it has neither or a list
// of * .
func resultColumns(sql string) int {
	lower := strings.ToLower(sql)
	list := ""
	if i := topLevelWord(lower, "returning"); i >= 0 {
		list = sql[i+len("returning"):]
	} else if i := topLevelWord(lower, "select"); i >= 0 {
		rest := sql[i+len("select"):]
		if j := topLevelWord(strings.ToLower(rest), "from"); j >= 0 {
			rest = rest[:j]
		}
		list = rest
	} else {
		return -1
	}
	list = strings.TrimRight(strings.TrimSpace(list), ";")
	if list == "" || strings.Contains(list, "*") {
		return -1
	}
	return len(selectColumns(list))
}

// topLevelWord returns the index of word as a whole word of s outside
// any parentheses, -1 when it is not there.
func topLevelWord(s, word string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], word) && (i == 0 || !isWordByte(s[i-1])) && (i+len(word) == len(s) || !isWordByte(s[i+len(word)])) {
			return i
		}
	}
	return -1
}

// isWordByte reports whether b may be part of an SQL word.
func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// scanCountSays explains a count mismatch at the Scan scanCountSite
// finds. It reports whether it found one.
func (a *analysis) scanCountSays(want, got string) bool {
	w, err1 := strconv.Atoi(want)
	g, err2 := strconv.Atoi(got)
	if err1 != nil || err2 != nil {
		return false
	}
	sc, ok := a.scanCountSite(w, g)
	if !ok {
		return false
	}
	a.g.Add(sc.at.Func)
	a.why("The Scan with " + got + " destinations is at " + a.cite(sc.at) + ".")
	if sc.columns == w {
		q := shorten(strings.Join(strings.Fields(sc.query), " "), 160)
		a.g.Add(q)
		a.why("Its query returns " + want + ": " + code(q) + ".")
	}
	a.fix("Make the SELECT list and the arguments of Scan agree, in number and order, in " + code(sc.at.Func) + ": add the missing column to the query, or drop the extra destination.")
	return true
}

// assignedCall returns the call whose first result body assigns to name
// (rows, err := db.Query(...)), when one statement does.
func assignedCall(body *ast.BlockStmt, name string) (*ast.CallExpr, bool) {
	var found *ast.CallExpr
	n := 0
	ast.Inspect(body, func(node ast.Node) bool {
		as, ok := node.(*ast.AssignStmt)
		if !ok || len(as.Lhs) == 0 || len(as.Rhs) != 1 {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == name {
			if ce, ok := as.Rhs[0].(*ast.CallExpr); ok {
				found = ce
				n++
			}
		}
		return true
	})
	return found, n == 1
}
