package offline

import (
	"regexp"
	"strconv"
	"strings"
)

// scanIntoRe finds the destination type of a Scan's conversion error.
var scanIntoRe = regexp.MustCompile(`into type (\S+)`)

// sqlScanPass explains a Scan that does not fit its query.
var sqlScanPass = &pass{
	name:    "sql-scan",
	doc:     "A Scan whose destinations do not match the query's columns in number or type, or a column no field of the struct sqlx scans into is tagged with.",
	classes: []Class{ClassSQLScan},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).sqlScan),
}

// sqlScan explains Scan errors.
func (a *analysis) sqlScan() {
	caps := a.f.Captures
	call, hasCall := a.failingCall(compiled(`\.Scan\(`))
	if caps["type"] != "" {
		a.unmappedColumn(caps["column"], caps["type"])
		return
	}
	if i, err := strconv.Atoi(caps["col"]); err == nil && caps["want"] == "" && !strings.Contains(caps["detail"], "NULL") {
		into := ""
		if m := scanIntoRe.FindStringSubmatch(caps["detail"]); m != nil {
			into = m[1]
		}
		if a.scanOrder(caps["column"], i, into) {
			return
		}
	}
	a.headline("SQL Scan error")
	if caps["want"] != "" {
		a.why("The query returns " + caps["want"] + " columns but Scan was given " + caps["got"] + " destinations; they must match one to one, in order.")
		if a.scanCountSays(caps["want"], caps["got"]) {
			return
		}
		a.fix("Make the SELECT list and the arguments of Scan agree, in number and order.")
	} else {
		col := caps["column"]
		a.culprit = col
		a.why("Scanning column " + code(col) + " failed: " + code(caps["detail"]) + ".")
		switch {
		case strings.Contains(caps["detail"], "NULL"):
			a.fix("The column can be NULL: scan it into a " + code("sql.NullString") + " (or the matching Null type, or a pointer), or use COALESCE in the query.")
		case a.ownScannerRejects(caps["detail"]):
		default:
			a.fix("Scan the column into a Go type that can hold its values.")
		}
	}
	if hasCall {
		a.why("Scan is called at " + quoteLine(call) + ".")
	}
}

// unmappedColumn explains sqlx's "missing destination name": the result
// has a column no field of the struct is tagged with, because the query
// selects it (often with *) and the struct does not know it: a column a
// migration added, or named otherwise than the struct and the queries do.
func (a *analysis) unmappedColumn(col, typ string) {
	// Select scans into a slice: the struct is its element.
	typ = strings.TrimLeft(typ, "*[]")
	a.culprit = col
	a.headline("A column no field of " + code(typ) + " is tagged with: " + code(col))
	a.why("sqlx scans a row into a struct by its fields' " + code(`db:"…"`) + " tags, and the row has a column " + code(col) + " that no field of " + code(typ) + " is tagged with, so it stops: the query selects the column (" + code("SELECT *") + " or a list that names it) and the struct does not know it.")
	if l, ok := a.structDecl(lastSelector(typ)); ok {
		a.why("The struct is declared at " + a.cite(l) + ".")
	}
	if l, ok := a.schemaLine(sqlNamePattern(col)); ok {
		a.why("The schema gives the table that column at " + a.cite(l) + ".")
		a.fix("If " + code(col) + " is a column the app means to have, add a field tagged " + code(`db:"`+col+`"`) + " to " + code(typ) + "; if the migration at " + code(a.fileLoc(l.Path, l.Line)) + " named it otherwise than the struct and the queries do, correct the migration (in a new one when it has run).")
	} else {
		a.fix("Add a field tagged " + code(`db:"`+col+`"`) + " to " + code(typ) + ", or correct the schema's name for the column to the one the struct uses.")
	}
	a.fix("Or select the columns by name instead of " + code("*") + ", so that a column added later does not break the scan (sqlx's " + code("Unsafe()") + " ignores unknown columns, at the cost of hiding such mistakes).")
	a.g.Add("Unsafe", "SELECT")
}

// structDecl returns the line that declares the module's struct type
// name, when exactly one package declares it.
func (a *analysis) structDecl(name string) (sourceLine, bool) {
	src := a.app()
	if src == nil || name == "" {
		return sourceLine{}, false
	}
	var found []sourceLine
	for f, ts := range src.structTypes(name, "") {
		found = append(found, src.lineAt(f, ts.Pos(), ""))
	}
	if len(found) != 1 {
		return sourceLine{}, false
	}
	return found[0], true
}

// scannerGot reads the Go type a Scan method says it was given ("cannot
// scan string", "unsupported type []uint8").
var scannerGot = regexp.MustCompile(`(?i)\b(?:scan|type|from|got)\s+(\[\]uint8|\[\]byte|string|int64|float64|bool|time\.Time)\b`)

// ownScannerRejects explains a Scan error whose detail is made by a Scan
// method of the module (a type implementing sql.Scanner): that method
// refuses the value the driver gives, which it must accept. It reports
// whether it did.
func (a *analysis) ownScannerRejects(detail string) bool {
	at, ok := a.errorMadeAt(detail)
	if !ok || lastSelector(strings.Trim(at.Func, "()*")) != "Scan" {
		return false
	}
	a.fixedAtOrigin = true
	a.g.Add(at.Func)
	got := ""
	if m := scannerGot.FindStringSubmatch(detail); m != nil {
		got = m[1]
	}
	where := a.cite(at)
	a.why("The message is made by the module's own "+code(at.Func)+", the column's "+code("sql.Scanner")+", at "+where+": it refuses the value the driver gave for the column.",
		"The message is made by the module's own "+code(at.Func)+", the scanner of the column's type, at "+where+": it refuses the value the driver gave for the column.")
	if got != "" {
		why := "drivers give a text column as " + code("string") + " or " + code("[]byte")
		if got != "string" && got != "[]byte" && got != "[]uint8" {
			why = "the driver gives this column's values as " + code(got)
		}
		a.fix("Let " + code(at.Func) + " accept " + code(got) + " too (" + why + "): add a case for it beside the ones it handles.")
		return true
	}
	a.fix("Let " + code(at.Func) + " accept the type the driver gives for the column, beside the ones it handles.")
	return true
}
