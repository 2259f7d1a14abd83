package dberror

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// FromValue reads what a driver's error value e says: its engine, code,
// class and named objects. It reads fields only, by reflection, and calls
// no method of e. It reports false when e has no code it knows.
func FromValue(e any) (report.Database, bool) {
	v := reflect.ValueOf(e)
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return report.Database{}, false
		}
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return report.Database{}, false
	}
	d := report.Database{Engine: engineOf(v)}
	str := func(names ...string) string {
		for _, n := range names {
			if f := v.FieldByName(n); f.IsValid() && f.Kind() == reflect.String {
				if s := f.String(); s != "" {
					return s
				}
			}
		}
		return ""
	}
	switch d.Engine {
	case MySQL:
		if f := v.FieldByName("Number"); f.IsValid() && f.CanUint() && f.Uint() != 0 {
			d.Code = strconv.FormatUint(f.Uint(), 10)
		}
	case SQLite:
		for _, n := range []string{"ExtendedCode", "code", "Code"} {
			if f := v.FieldByName(n); f.IsValid() && f.CanInt() && f.Int() != 0 {
				d.Code = strconv.FormatInt(f.Int(), 10)
				if d.Class = ClassOf(SQLite, d.Code); d.Class != "" {
					break
				}
			}
		}
	default:
		d.Code = str("Code", "SQLState")
		if d.Code != "" && d.Engine == "" && sqlState.MatchString(d.Code) {
			d.Engine = PostgreSQL
		}
	}
	if d.Code == "" {
		return report.Database{}, false
	}
	d.Class = ClassOf(d.Engine, d.Code)
	d.Constraint = str("Constraint", "ConstraintName")
	d.Table = str("Table", "TableName")
	d.Column = str("Column", "ColumnName")
	d.Detail = str("Detail")
	return d, true
}

// engineOf names the engine of a driver's error struct: by its package
// path, else by the fields only one driver's type has (MySQL's Number and
// SQLState, SQLite's ExtendedCode).
func engineOf(v reflect.Value) string {
	switch pkg := v.Type().PkgPath(); {
	case strings.Contains(pkg, "lib/pq"), strings.Contains(pkg, "pgconn"), strings.Contains(pkg, "pgx"):
		return PostgreSQL
	case strings.Contains(pkg, "mysql"):
		return MySQL
	case strings.Contains(pkg, "sqlite"):
		return SQLite
	}
	if n, s := v.FieldByName("Number"), v.FieldByName("SQLState"); n.IsValid() && n.CanUint() && s.IsValid() {
		return MySQL
	}
	if f := v.FieldByName("ExtendedCode"); f.IsValid() && f.CanInt() {
		return SQLite
	}
	return ""
}

var (
	// sqlState is a SQLSTATE code: five digits or capital letters.
	sqlState = regexp.MustCompile(`^[0-9A-Z]{5}$`)
	// textSQLState is the code pgx prints after its message.
	textSQLState = regexp.MustCompile(`\(SQLSTATE ([0-9A-Z]{5})\)`)
	// textMySQL is the number and SQLSTATE the MySQL driver prints.
	textMySQL = regexp.MustCompile(`\bError (\d{4,5})(?: \(([0-9A-Z]{5})\))?: `)
)

// FromText reads the code a driver printed in an error message: pgx's
// "(SQLSTATE 23503)", the MySQL driver's "Error 1452 (23000): ". It
// reports false when the message has none.
func FromText(msg string) (report.Database, bool) {
	if m := textSQLState.FindStringSubmatch(msg); m != nil {
		return report.Database{Engine: PostgreSQL, Code: m[1], Class: ClassOf(PostgreSQL, m[1])}, true
	}
	if m := textMySQL.FindStringSubmatch(msg); m != nil {
		return report.Database{Engine: MySQL, Code: m[1], Class: ClassOf(MySQL, m[1])}, true
	}
	return report.Database{}, false
}
