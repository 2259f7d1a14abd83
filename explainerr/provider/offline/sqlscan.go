package offline

import "strings"

// sqlScanPass explains a Scan that does not fit its query.
var sqlScanPass = &pass{
	name:    "sql-scan",
	doc:     "A Scan whose destinations do not match the query's columns in number or type.",
	classes: []Class{ClassSQLScan},
	explain: always((*analysis).sqlScan),
}

// sqlScan explains Scan errors.
func (a *analysis) sqlScan() {
	caps := a.f.Captures
	call, hasCall := a.failingCall(compiled(`\.Scan\(`))
	a.headline("SQL Scan error")
	if caps["want"] != "" {
		a.why("The query returns " + caps["want"] + " columns but Scan was given " + caps["got"] + " destinations; they must match one to one, in order.")
		a.fix("Make the SELECT list and the arguments of Scan agree, in number and order.")
	} else {
		col := caps["column"]
		a.culprit = col
		a.why("Scanning column " + code(col) + " failed: " + code(caps["detail"]) + ".")
		if strings.Contains(caps["detail"], "NULL") {
			a.fix("The column can be NULL: scan it into a " + code("sql.NullString") + " (or the matching Null type, or a pointer), or use COALESCE in the query.")
		} else {
			a.fix("Scan the column into a Go type that can hold its values.")
		}
	}
	if hasCall {
		a.why("Scan is called at " + quoteLine(call) + ".")
	}
}
